import assert from 'node:assert/strict';
import { test } from 'node:test';
import jwt from 'jsonwebtoken';
import { cookieValue, presentedCredential, sha256Hex } from './credentials.js';

const SECRET = 'test-session-secret-0123456789abcdef0123456789';
const KEY = 'rgt_1thX6LZfHDZZKUs92febYZhYRcXddmzfzF2NvTkPNE';
const request = (headers: Record<string, string>, query: Record<string, string> = {}) => ({
  header: (name: string) => headers[name.toLowerCase()],
  query,
});
const sessionJwt = (overrides: jwt.SignOptions = {}, secret = SECRET, payload: object = { sid: 's-1' }) =>
  jwt.sign(payload, secret, { algorithm: 'HS256', issuer: 'regatta-identity', audience: 'regatta-web', subject: 'u-1', expiresIn: 60, ...overrides });

test('a bearer key is passed on as its SHA-256 only', () => {
  assert.deepEqual(presentedCredential(request({ authorization: `Bearer ${KEY}` }) as never, SECRET), {
    kind: 'key',
    hash: '2e93cd47eec91c0db98bbc6cf2a539897b07b7452bca4e59e0f2a9ce40987820',
  });
  assert.equal(sha256Hex(KEY), '2e93cd47eec91c0db98bbc6cf2a539897b07b7452bca4e59e0f2a9ce40987820');
});

test('a committee device token is passed on as its SHA-256, as a device (race-capture checks it)', () => {
  const token = 'rgd_1thX6LZfHDZZKUs92febYZhYRcXddmzfzF2NvTkP';
  assert.deepEqual(presentedCredential(request({ authorization: `Bearer ${token}` }) as never, SECRET), { kind: 'device', hash: sha256Hex(token) });
  assert.equal(presentedCredential(request({ authorization: `Bearer ${token}x` }) as never, SECRET).kind, 'malformed', 'one character too many');
});

test('malformed Authorization headers are refusals, not anonymous calls', () => {
  for (const value of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer short', `Bearer ${KEY}0OIl`, `Token ${KEY}`, 'Bearer rgt_embed_1thX6LZfHDZZKUs92febYZhYRcXddmzfzF2Nv']) {
    assert.equal(presentedCredential(request({ authorization: value }) as never, SECRET).kind, 'malformed', value);
  }
});

test('session cookies: valid HS256 JWT with our issuer and audience only', () => {
  const good = sessionJwt();
  assert.deepEqual(presentedCredential(request({ cookie: `theme=dark; regatta_session=${good}` }) as never, SECRET), {
    kind: 'session',
    sessionId: 's-1',
    userId: 'u-1',
  });
  const bad = [
    sessionJwt({}, 'another-secret-0123456789abcdef0123456789'),
    sessionJwt({ audience: 'regatta-services' }),
    sessionJwt({ issuer: 'someone-else' }),
    sessionJwt({ expiresIn: -10 }),
    jwt.sign({ sid: 's-1' }, SECRET, { algorithm: 'HS512', issuer: 'regatta-identity', audience: 'regatta-web', subject: 'u-1' }),
    'not-a-jwt',
  ];
  for (const token of bad) assert.equal(presentedCredential(request({ cookie: `regatta_session=${token}` }) as never, SECRET).kind, 'malformed');
  // Other cookies alone are no credential at all.
  assert.equal(presentedCredential(request({ cookie: 'theme=dark' }) as never, SECRET).kind, 'none');
});

test('precedence: bearer over cookie over embed token; embed token from header or query', () => {
  const embed = 'rgt_embed_1thX6LZfHDZZKUs92febYZhYRcXddmzfzF2NvTkPNE';
  assert.equal(presentedCredential(request({ authorization: `Bearer ${KEY}`, cookie: `regatta_session=${sessionJwt()}` }) as never, SECRET).kind, 'key');
  assert.equal(presentedCredential(request({ cookie: `regatta_session=${sessionJwt()}`, 'x-embed-token': embed }) as never, SECRET).kind, 'session');
  assert.deepEqual(presentedCredential(request({ 'x-embed-token': embed }) as never, SECRET), { kind: 'embed', hash: sha256Hex(embed) });
  assert.deepEqual(presentedCredential(request({}, { embed_token: embed }) as never, SECRET), { kind: 'embed', hash: sha256Hex(embed) });
  assert.equal(presentedCredential(request({ 'x-embed-token': KEY }) as never, SECRET).kind, 'malformed');
  assert.equal(presentedCredential(request({}) as never, SECRET).kind, 'none');
  assert.equal(cookieValue('a=1; b = 2 ; regatta_session=xyz', 'b'), '2');
});
