import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deliveryHeaders, generateSecret, serviceSignature, standardSignature, verifyServiceSignature, verifyStandardSignature } from './signature.js';

// Worked values, computed independently with openssl:
//   printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -hex
//   printf '%s' "$ID.$TS.$BODY" | openssl dgst -sha256 -mac HMAC -macopt hexkey:<hex of base64-decoded secret> -binary | base64
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TS = 1614265330;
const BODY = '{"id":"msg_p5jXN8AQM9LWM0D4loKWxJek","event":"results.updated","createdAt":"2024-06-01T12:00:00.000Z","data":{"raceNumber":3}}';

test('X-Service-Signature is sha256= hex HMAC of the exact body keyed with the whole secret', () => {
  assert.equal(serviceSignature(SECRET, BODY), 'sha256=30c2567cbaa4a13e3327cefcb382185e2f7723f860d5cc956fad1f30810f2b09');
  // One byte more (a space the receiver's JSON re-serialization might add) changes everything.
  assert.notEqual(serviceSignature(SECRET, BODY.replace('"data":', '"data": ')), serviceSignature(SECRET, BODY));
});

test('webhook-signature matches the Standard Webhooks reference example', () => {
  // The example from the Standard Webhooks specification.
  assert.equal(standardSignature(SECRET, ID, TS, '{"test": 2432232314}'), 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  assert.equal(standardSignature(SECRET, ID, TS, BODY), 'v1,4z7GfC5P80QsXpmclAja5HbkORS+2LY2EAwLEYPuqWE=');
});

test('delivery headers carry both signatures, the event, the per-attempt delivery id and the message id', () => {
  const headers = deliveryHeaders({ secret: SECRET, messageId: ID, deliveryId: 'd-1', event: 'results.updated', body: BODY, timestampSeconds: TS, requestId: 'req-9' });
  assert.equal(headers['x-service-signature'], 'sha256=30c2567cbaa4a13e3327cefcb382185e2f7723f860d5cc956fad1f30810f2b09');
  assert.equal(headers['webhook-signature'], 'v1,4z7GfC5P80QsXpmclAja5HbkORS+2LY2EAwLEYPuqWE=');
  assert.equal(headers['webhook-id'], ID);
  assert.equal(headers['webhook-timestamp'], '1614265330');
  assert.equal(headers['x-service-event'], 'results.updated');
  assert.equal(headers['x-service-delivery'], 'd-1');
  assert.equal(headers['x-request-id'], 'req-9');
  assert.equal(headers['content-type'], 'application/json');
});

test('receiver-side verification accepts the right signature and rejects tampering, other secrets and stale timestamps', () => {
  assert.equal(verifyServiceSignature(SECRET, BODY, serviceSignature(SECRET, BODY)), true);
  assert.equal(verifyServiceSignature(SECRET, BODY + ' ', serviceSignature(SECRET, BODY)), false);
  assert.equal(verifyServiceSignature(generateSecret(), BODY, serviceSignature(SECRET, BODY)), false);
  assert.equal(verifyServiceSignature(SECRET, BODY, undefined), false);
  const sig = standardSignature(SECRET, ID, TS, BODY);
  assert.equal(verifyStandardSignature(SECRET, { id: ID, timestamp: String(TS), signature: sig }, BODY, TS + 299), true);
  assert.equal(verifyStandardSignature(SECRET, { id: ID, timestamp: String(TS), signature: sig }, BODY, TS + 301), false, 'replay after 5 minutes');
  assert.equal(verifyStandardSignature(SECRET, { id: 'other', timestamp: String(TS), signature: sig }, BODY, TS), false);
  assert.equal(verifyStandardSignature(SECRET, { id: ID, timestamp: String(TS), signature: `v1,bogus ${sig}` }, BODY, TS), true, 'any listed signature');
});

test('generated secrets are whsec_ + base64 of 32 bytes and differ', () => {
  const a = generateSecret();
  assert.match(a, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(Buffer.from(a.slice(6), 'base64').length, 32);
  assert.notEqual(a, generateSecret());
});
