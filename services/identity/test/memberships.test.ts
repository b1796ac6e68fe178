/**
 * Organization roles end to end: the creator of an organization is its admin at once (the gateway
 * waits for identity's projection before relaying the 201), admins grant and revoke, and the change
 * reaches the very next request.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, createApiKey, createOrganization, newActor, signUp, uniqueSuffix } from '@regatta/testing';

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
});
