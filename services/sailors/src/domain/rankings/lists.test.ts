import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayReadList, roleIn, type Caller } from './lists.js';

const ORG = { id: 'org-1', createdBy: 'founder', creatorRevoked: false };
const caller = (overrides: Partial<Caller> = {}): Caller => ({ via: 'key', userId: 'someone', roles: {}, ...overrides });

test('roles: from the assertion; the creator is admin until revoked; embed and anonymous have none', () => {
  assert.equal(roleIn(caller({ roles: { 'org-1': 'member' } }), ORG), 'member');
  assert.equal(roleIn(caller({ roles: { 'org-2': 'admin' } }), ORG), undefined);
  assert.equal(roleIn(caller({ userId: 'founder' }), ORG), 'admin');
  assert.equal(roleIn(caller({ userId: 'founder' }), { ...ORG, creatorRevoked: true }), undefined);
  assert.equal(roleIn(caller({ via: 'embed', roles: { 'org-1': 'admin' } }), ORG), undefined);
  assert.equal(roleIn(caller({ via: 'anonymous', userId: 'founder' }), ORG), undefined);
});

test('public lists are readable by anyone; members lists by members only', () => {
  assert.equal(mayReadList(caller(), ORG, { visibility: 'public' }), true);
  assert.equal(mayReadList(caller(), ORG, { visibility: 'members' }), false);
  assert.equal(mayReadList(caller({ roles: { 'org-1': 'member' } }), ORG, { visibility: 'members' }), true);
});
