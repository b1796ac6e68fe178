import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pushes, pushPayload, subscriptionProblem } from './push.js';

const key = Buffer.alloc(65, 4).toString('base64url');
const auth = Buffer.alloc(16, 7).toString('base64url');

test('only the at-once kinds are pushed, and never a link that sets a password', () => {
  assert.deepEqual(
    (['notice', 'hearing', 'penalty', 'results', 'organizer_protest', 'sign_in_missing', 'new_device', 'password_reset'] as const).filter(pushes),
    ['hearing', 'penalty', 'organizer_protest', 'sign_in_missing', 'new_device'],
  );
});

test('a subscription needs an https endpoint, a 65-byte key and a 16-byte secret', () => {
  const ok = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', p256dh: key, auth };
  assert.equal(subscriptionProblem(ok, false), undefined);
  assert.equal(subscriptionProblem({ ...ok, endpoint: 'http://127.0.0.1:9/push' }, false)?.field, 'endpoint');
  assert.equal(subscriptionProblem({ ...ok, endpoint: 'http://127.0.0.1:9/push' }, true), undefined);
  assert.equal(subscriptionProblem({ ...ok, endpoint: 'https://user:pw@push.example/x' }, false)?.field, 'endpoint');
  assert.equal(subscriptionProblem({ ...ok, p256dh: Buffer.alloc(33, 2).toString('base64url') }, false)?.field, 'keys.p256dh');
  assert.equal(subscriptionProblem({ ...ok, auth: 'not base64url!' }, false)?.field, 'keys.auth');
});

test('the payload is the subject, the first paragraph after the greeting, and the page', () => {
  const payload = pushPayload('penalty', 'Kiel: OCS recorded for Wind', 'Hello Anna,\n\nThe race committee recorded OCS for Wind.\n\nOpen the page: https://x/y', 'https://x/y');
  assert.deepEqual(payload, { title: 'Kiel: OCS recorded for Wind', body: 'The race committee recorded OCS for Wind.', url: 'https://x/y', kind: 'penalty' });
  assert.equal(pushPayload('penalty', 's', `Hi,\n\n${'x'.repeat(300)}`, 'u').body.length, 200);
});
