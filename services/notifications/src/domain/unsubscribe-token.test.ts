import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token.js';

const scope = { userId: '6f1c1c52-3b7e-4c59-9d55-2f0e0f6e1a01', kind: 'notice' as const, eventId: '0b7d3c1e-1f6a-4a8e-9a55-6c2d2e1f0a02' };

test('a token names the person, the kind and the regatta, and only the key that signed it verifies it', () => {
  const token = signUnsubscribe('key-one', scope);
  assert.deepEqual(verifyUnsubscribe('key-one', token), scope);
  assert.equal(verifyUnsubscribe('key-two', token), undefined);
  assert.equal(token.includes('@'), false);
});

test('a token whose body was changed (another person or kind) is refused', () => {
  const token = signUnsubscribe('key-one', scope);
  const [, mac] = token.split('.');
  const forged = `${Buffer.from(JSON.stringify(['someone-else', 'notice', ''])).toString('base64url')}.${mac}`;
  assert.equal(verifyUnsubscribe('key-one', forged), undefined);
  assert.equal(verifyUnsubscribe('key-one', 'garbage'), undefined);
  assert.equal(verifyUnsubscribe('key-one', `${token}.x`), undefined);
});

test('a general kind (no regatta) round-trips with eventId null', () => {
  const general = { ...scope, eventId: null };
  assert.deepEqual(verifyUnsubscribe('k', signUnsubscribe('k', general)), general);
});

test('a sailor entered without an account is named by the registration, not by a person', () => {
  const key = 'k'.repeat(32);
  const registrationId = '11111111-1111-4111-8111-111111111111';
  const token = signUnsubscribe(key, { registrationId, kind: 'notice', eventId: '22222222-2222-4222-8222-222222222222' });
  assert.deepEqual(verifyUnsubscribe(key, token), { registrationId, kind: 'notice', eventId: '22222222-2222-4222-8222-222222222222' });
  assert.equal(verifyUnsubscribe('x'.repeat(32), token), undefined);
  // A person's token is not taken for a registration's, nor the other way round.
  const person = verifyUnsubscribe(key, signUnsubscribe(key, { userId: registrationId, kind: 'notice', eventId: null }));
  assert.equal(person?.registrationId, undefined);
  assert.equal(person?.userId, registrationId);
});
