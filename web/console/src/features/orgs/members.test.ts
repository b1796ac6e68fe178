import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addMemberSchema, EMAIL_PATTERN } from './schemas';
import { membershipOf } from './membership';

test('a member is added by an e-mail of the subset the API accepts, with a role', () => {
  assert.deepEqual(addMemberSchema.parse({ email: '  Bea.Member@Club.example.org ', role: 'member' }), { email: 'Bea.Member@Club.example.org', role: 'member' });
  const refusal = (email: string) => addMemberSchema.safeParse({ email, role: 'admin' }).error?.issues[0]?.message;
  assert.equal(refusal(''), 'validation.required');
  assert.equal(refusal('bea@club'), 'validation.email', 'a top-level domain of two letters or more');
  assert.equal(refusal('"bea"@club.example.org'), 'validation.email', 'quoted local parts are refused');
  assert.equal(refusal('bea.@club.example.org'), 'validation.email');
  assert.equal(refusal(`${'b'.repeat(250)}@x.org`), 'validation.tooLong');
  assert.equal(addMemberSchema.safeParse({ email: 'bea@club.example.org', role: 'owner' }).success, false);
  assert.deepEqual(
    ['admin', 'member', 'race-officer', 'scorer', 'owner'].map((role) => addMemberSchema.safeParse({ email: 'bea@club.example.org', role }).success),
    [true, true, true, true, false],
    'the four roles of the platform',
  );
  assert.ok(EMAIL_PATTERN.test("o'neil+regatta@sub.club-1.example.org"));
});

test('the membership of an organization is found by its slug', () => {
  const memberships = [
    { organizationId: 'a', slug: 'harbour-sc', name: 'Harbour SC', role: 'admin' as const, grantedAt: '2025-01-01T00:00:00Z' },
    { organizationId: 'b', slug: 'bay-yc', name: 'Bay YC', role: 'member' as const, grantedAt: '2025-01-01T00:00:00Z' },
  ];
  assert.equal(membershipOf(memberships, 'bay-yc')?.role, 'member');
  assert.equal(membershipOf(memberships, 'other'), undefined);
  assert.equal(membershipOf(memberships, undefined), undefined);
});
