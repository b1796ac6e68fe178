import { test } from 'node:test';
import assert from 'node:assert/strict';
import { verifyAssertion, type Identity } from '@regatta/http';
import { AssertionCache } from './assertions.js';

const secret = 's'.repeat(40);
const member: Identity = { userId: 'u1', keyId: 'k1', scopes: ['read'], roles: { o1: 'member' }, via: 'key' };

test('the same identity gets the same valid assertion while it is young', () => {
  const cache = new AssertionCache(secret);
  const first = cache.tokenFor(member);
  assert.equal(cache.tokenFor({ ...member }), first);
  assert.deepEqual(verifyAssertion(first, secret), member);
});

test('a change of roles or scopes is a different assertion', () => {
  const cache = new AssertionCache(secret);
  const first = cache.tokenFor(member);
  const promoted = cache.tokenFor({ ...member, roles: { o1: 'admin' } });
  assert.notEqual(promoted, first);
  assert.deepEqual(verifyAssertion(promoted, secret)?.roles, { o1: 'admin' });
  assert.notEqual(cache.tokenFor({ ...member, scopes: ['read', 'write'] }), first);
});
