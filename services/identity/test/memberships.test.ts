/**
 * Organization roles end to end: the creator of an organization is its admin at once (the gateway
 * waits for identity's projection before relaying the 201), admins grant and revoke, and the change
 * reaches the very next request.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, createApiKey, createOrganization, eventually, newActor, signUp, uniqueSuffix } from '@regatta/testing';

const api = apiClient();

describe('memberships', () => {
  test('right after creating an organization its creator is its admin, for keys and sessions already in use', async () => {
    const creator = await newActor(api);
    // Warm the gateway's cache with the creator's roles before the organization exists.
    assert.deepEqual((await api.get('/api/v1/auth/session', { cookie: creator.cookie })).body.data.memberships, []);
    assert.equal((await api.get(`/api/v1/organizations/nope-${uniqueSuffix()}/members`, { key: creator.key })).status, 404);

    const org = await createOrganization(api, creator);
    const members = await api.get(`/api/v1/organizations/${org.slug}/members`, { key: creator.key });
    assert.equal(members.status, 200);
    assert.deepEqual(
      members.body.data.map((member: { userId: string; email: string; role: string }) => [member.userId, member.email, member.role]),
      [[creator.userId, creator.email, 'admin']],
    );
    const session = await api.get('/api/v1/auth/session', { cookie: creator.cookie });
    assert.deepEqual(
      session.body.data.memberships.map((m: { organizationId: string; slug: string; role: string }) => [m.organizationId, m.slug, m.role]),
      [[org.id, org.slug, 'admin']],
    );
    // The assertion the services receive carries the new role too: the organizations service lets the admin edit.
    const patched = await api.patch(`/api/v1/organizations/${org.slug}`, { description: 'Edited by its creator' }, { key: creator.key, contract: false });
    assert.notEqual(patched.status, 403, patched.text);
    assert.notEqual(patched.status, 401, patched.text);
  });

  test('admins add members and change roles; members may list but not manage; removal reaches the next request', async () => {
    const admin = await newActor(api);
    const org = await createOrganization(api, admin);
    const sailor = await newActor(api);
    const outsider = await newActor(api);

    const denied = await api.get(`/api/v1/organizations/${org.slug}/members`, { key: sailor.key });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.code, 'organization_membership_required');

    const added = await api.post(`/api/v1/organizations/${org.slug}/members`, { email: sailor.email.toUpperCase(), role: 'member' }, { key: admin.key });
    assert.equal(added.status, 201);
    assert.deepEqual([added.body.data.userId, added.body.data.role], [sailor.userId, 'member']);

    const listed = await api.get(`/api/v1/organizations/${org.slug}/members`, { key: sailor.key });
    assert.equal(listed.status, 200, 'the new member is recognised on the very next request');
    assert.deepEqual(listed.body.data.map((m: { userId: string; role: string }) => [m.userId, m.role]), [
      [admin.userId, 'admin'],
      [sailor.userId, 'member'],
    ]);

    const notAdmin = await api.post(`/api/v1/organizations/${org.slug}/members`, { email: outsider.email, role: 'member' }, { key: sailor.key });
    assert.equal(notAdmin.status, 403);
    assert.equal(notAdmin.body.code, 'organization_admin_required');

    const promoted = await api.post(`/api/v1/organizations/${org.slug}/members`, { email: sailor.email, role: 'admin' }, { cookie: admin.cookie });
    assert.equal(promoted.status, 200);
    assert.equal(promoted.body.data.role, 'admin');
    const session = await api.get('/api/v1/auth/session', { cookie: sailor.cookie });
    assert.deepEqual(session.body.data.memberships.map((m: { slug: string; role: string }) => [m.slug, m.role]), [[org.slug, 'admin']]);

    const removed = await api.delete(`/api/v1/organizations/${org.slug}/members/${sailor.userId}`, { key: admin.key });
    assert.equal(removed.status, 200);
    const gone = await api.get(`/api/v1/organizations/${org.slug}/members`, { key: sailor.key });
    assert.equal(gone.status, 403, 'revoked membership takes effect on the very next request');
    assert.equal((await api.delete(`/api/v1/organizations/${org.slug}/members/${sailor.userId}`, { key: admin.key })).status, 404);
  });

  test('validation, unknown people and the last admin', async () => {
    const admin = await newActor(api);
    const org = await createOrganization(api, admin);
    const bad = await api.post(`/api/v1/organizations/${org.slug}/members`, { email: 'nope', role: 'owner' }, { key: admin.key });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((error: { field: string }) => error.field).sort(), ['email', 'role']);
    const unknown = await api.post(`/api/v1/organizations/${org.slug}/members`, { email: `ghost-${uniqueSuffix()}@example.org`, role: 'member' }, { key: admin.key });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'user_not_found');
    const last = await api.delete(`/api/v1/organizations/${org.slug}/members/${admin.userId}`, { key: admin.key });
    assert.equal(last.status, 409);
    assert.equal(last.body.code, 'last_admin');
    const demote = await api.post(`/api/v1/organizations/${org.slug}/members`, { email: admin.email, role: 'member' }, { key: admin.key });
    assert.equal(demote.status, 409);
    assert.equal((await api.get(`/api/v1/organizations/no-such-${uniqueSuffix()}/members`, { key: admin.key })).status, 404);
  });

  test('managing members needs the admin scope on a key; a read key may list', async () => {
    const admin = await newActor(api);
    const org = await createOrganization(api, admin);
    const readOnly = await createApiKey(api, admin.cookie, { scopes: ['read'] });
    const person = await signUp(api);
    const refused = await api.post(`/api/v1/organizations/${org.slug}/members`, { email: person.email, role: 'member' }, { key: readOnly.key });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'missing_scope');
    assert.deepEqual(refused.body.requiredScopes, ['admin']);
    assert.equal((await api.get(`/api/v1/organizations/${org.slug}/members`, { key: readOnly.key })).status, 200);
  });
  test('race officers and scorers: granted and changed like any role, listed and in the session; the last admin is not made one', async () => {
    const admin = await newActor(api);
    const org = await createOrganization(api, admin);
    const [officer, scorer] = await Promise.all([newActor(api), newActor(api)]);
    const granted = await api.post(`/api/v1/organizations/${org.slug}/members`, { email: officer.email, role: 'race-officer' }, { key: admin.key });
    assert.deepEqual([granted.status, granted.body.data.role, granted.body.message], [201, 'race-officer', 'Member added.']);
    assert.equal((await api.post(`/api/v1/organizations/${org.slug}/members`, { email: scorer.email, role: 'member' }, { key: admin.key })).status, 201);
    const changed = await api.patch(`/api/v1/organizations/${org.slug}/members/${scorer.userId}`, { role: 'scorer' }, { key: admin.key });
    assert.deepEqual([changed.status, changed.body.data.role, changed.body.message], [200, 'scorer', 'Role changed.']);
    const members = await api.get(`/api/v1/organizations/${org.slug}/members`, { key: officer.key });
    assert.deepEqual(
      members.body.data.map((m: { userId: string; role: string }) => [m.userId, m.role]).sort(),
      [[admin.userId, 'admin'], [officer.userId, 'race-officer'], [scorer.userId, 'scorer']].sort(),
      'a race officer lists the members, as any member',
    );
    const session = await api.get('/api/v1/auth/session', { cookie: scorer.cookie });
    assert.deepEqual(session.body.data.memberships.map((m: { slug: string; role: string }) => [m.slug, m.role]), [[org.slug, 'scorer']]);
    // Neither role administers: the officer cannot grant, and the only admin cannot step down to one.
    const notAdmin = await api.patch(`/api/v1/organizations/${org.slug}/members/${scorer.userId}`, { role: 'admin' }, { key: officer.key });
    assert.deepEqual([notAdmin.status, notAdmin.body.code], [403, 'organization_admin_required']);
    const last = await api.patch(`/api/v1/organizations/${org.slug}/members/${admin.userId}`, { role: 'race-officer' }, { key: admin.key });
    assert.deepEqual([last.status, last.body.code], [409, 'last_admin']);
  });

  test('admins change a member\'s role by user id; the last admin cannot be demoted; the change reaches the next request', async () => {
    const admin = await newActor(api);
    const org = await createOrganization(api, admin);
    const sailor = await newActor(api);
    const outsider = await newActor(api);
    assert.equal((await api.post(`/api/v1/organizations/${org.slug}/members`, { email: sailor.email, role: 'member' }, { key: admin.key })).status, 201);
    const path = (userId: string) => `/api/v1/organizations/${org.slug}/members/${userId}` as const;

    // A member may not change roles, not even their own.
    const selfPromotion = await api.patch(path(sailor.userId), { role: 'admin' }, { key: sailor.key });
    assert.deepEqual([selfPromotion.status, selfPromotion.body.code], [403, 'organization_admin_required']);

    const promoted = await api.patch(path(sailor.userId), { role: 'admin' }, { cookie: admin.cookie });
    assert.equal(promoted.status, 200, promoted.text);
    assert.deepEqual([promoted.body.data.userId, promoted.body.data.email, promoted.body.data.role, promoted.body.message], [sailor.userId, sailor.email, 'admin', 'Role changed.']);
    const session = await api.get('/api/v1/auth/session', { cookie: sailor.cookie });
    assert.deepEqual(session.body.data.memberships.map((m: { slug: string; role: string }) => [m.slug, m.role]), [[org.slug, 'admin']]);
    const again = await api.patch(path(sailor.userId), { role: 'admin' }, { key: admin.key });
    assert.deepEqual([again.status, again.body.data.role, again.body.message], [200, 'admin', 'Member unchanged.']);

    // Two admins: the founder steps down (1 admin left), then the remaining admin cannot.
    const steppedDown = await api.patch(path(admin.userId), { role: 'member' }, { key: admin.key });
    assert.deepEqual([steppedDown.status, steppedDown.body.data.role], [200, 'member']);
    const refused = await api.post(`/api/v1/organizations/${org.slug}/members`, { email: outsider.email, role: 'member' }, { key: admin.key });
    assert.equal(refused.status, 403, 'the demotion takes effect on the very next request');
    const last = await api.patch(path(sailor.userId), { role: 'member' }, { key: sailor.key });
    assert.deepEqual([last.status, last.body.code], [409, 'last_admin']);
    const members = await api.get(`/api/v1/organizations/${org.slug}/members`, { key: sailor.key });
    assert.deepEqual(
      members.body.data.map((m: { userId: string; role: string }) => [m.userId, m.role]).sort(),
      [
        [admin.userId, 'member'],
        [sailor.userId, 'admin'],
      ].sort(),
    );

    // Refusals: not a member, not a user id, a role outside the vocabulary, an unknown organization.
    assert.equal((await api.patch(path(outsider.userId), { role: 'admin' }, { key: sailor.key })).status, 404);
    assert.equal((await api.patch(`/api/v1/organizations/${org.slug}/members/not-a-uuid`, { role: 'admin' }, { key: sailor.key })).status, 404);
    const bad = await api.patch(path(admin.userId), { role: 'owner' } as never, { key: sailor.key, contract: false });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((error: { field: string }) => error.field), ['role']);
    assert.equal((await api.patch(`/api/v1/organizations/no-such-${uniqueSuffix()}/members/${admin.userId}`, { role: 'admin' }, { key: sailor.key })).status, 404);

    // A key without the admin scope is refused at the gateway.
    const readOnly = await createApiKey(api, sailor.cookie, { scopes: ['read', 'write'] });
    const scoped = await api.patch(path(admin.userId), { role: 'admin' }, { key: readOnly.key });
    assert.deepEqual([scoped.status, scoped.body.code], [403, 'missing_scope']);
  });

  test('two admins demoting each other at once leave the organization one admin', async () => {
    // Eight organizations side by side, so that some of the pairs of requests really overlap.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const ann = await newActor(api);
        const org = await createOrganization(api, ann);
        const bob = await newActor(api);
        // Under this load the gateway's bounded wait for the creator's membership may end first.
        await eventually(
          async () => ((await api.post(`/api/v1/organizations/${org.slug}/members`, { email: bob.email, role: 'admin' }, { key: ann.key, contract: false })).status === 201 ? true : undefined),
          10_000,
          'bob made an admin',
        );
        const [byAnn, byBob] = await Promise.all([
          api.patch(`/api/v1/organizations/${org.slug}/members/${bob.userId}`, { role: 'member' }, { key: ann.key }),
          api.patch(`/api/v1/organizations/${org.slug}/members/${ann.userId}`, { role: 'member' }, { key: bob.key }),
        ]);
        // Whichever commits first wins; the other finds the last admin (or, if it came later, that it is no longer one).
        assert.equal([byAnn, byBob].filter((response) => response.status === 200).length, 1, `${byAnn.text} / ${byBob.text}`);
        const loser = byAnn.status === 200 ? byBob : byAnn;
        assert.ok(['last_admin', 'organization_admin_required'].includes(loser.body.code), loser.text);
        const winner = byAnn.status === 200 ? ann : bob;
        const members = await api.get(`/api/v1/organizations/${org.slug}/members`, { key: winner.key });
        assert.deepEqual(members.body.data.filter((m: { role: string }) => m.role === 'admin').map((m: { userId: string }) => m.userId), [winner.userId]);
      }),
    );
  });
});
