import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pickOrganization } from './current-org';

const session = {
  user: { id: 'u', email: 'a@b.org', name: 'A', createdAt: '2026-01-01T00:00:00Z' },
  memberships: [
    { organizationId: '1', slug: 'nyra', name: 'NYRA', role: 'member' as const, grantedAt: '2026-01-01T00:00:00Z' },
    { organizationId: '2', slug: 'ahyc', name: 'AHYC', role: 'admin' as const, grantedAt: '2026-01-01T00:00:00Z' },
  ],
};

test('the organization in the URL wins, then the remembered one if still a membership, then the first by name', () => {
  assert.equal(pickOrganization(session, 'other', 'nyra'), 'other');
  assert.equal(pickOrganization(session, undefined, 'nyra'), 'nyra');
  assert.equal(pickOrganization(session, undefined, 'gone'), 'ahyc', 'AHYC sorts before NYRA');
  assert.equal(pickOrganization({ ...session, memberships: [] }, undefined, 'ahyc'), undefined);
  assert.equal(pickOrganization(null, undefined, null), undefined);
});
