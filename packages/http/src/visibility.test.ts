import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canSeeEvent, canSeeOrganization, isPublicEventStatus, type Viewer } from './visibility.js';

const member: Viewer = { via: 'key', roles: { 'org-a': 'member' } };
const admin: Viewer = { via: 'session', roles: { 'org-a': 'admin' } };
const stranger: Viewer = { via: 'key', roles: { 'org-b': 'admin' } };
const anonymous: Viewer = { via: 'anonymous', roles: {} };
const embed: Viewer = { via: 'embed', roles: {}, embedOrganizationId: 'org-a' };
const event = (status: string | null, organizationId: string | null = 'org-a') => ({ organizationId, status });

test('a public event (published, ongoing, completed, cancelled) is seen by anyone but a foreign embed token', () => {
  for (const status of ['published', 'ongoing', 'completed', 'cancelled']) {
    for (const viewer of [member, admin, stranger, anonymous, embed]) assert.equal(canSeeEvent(viewer, event(status)), true, `${viewer.via} ${status}`);
    assert.equal(canSeeEvent(embed, event(status, 'org-b')), false);
  }
});

test('a draft is seen by the members and admins of its organization only; never by an embed token', () => {
  assert.equal(canSeeEvent(member, event('draft')), true);
  assert.equal(canSeeEvent(admin, event('draft')), true);
  assert.equal(canSeeEvent(stranger, event('draft')), false);
  assert.equal(canSeeEvent(anonymous, event('draft')), false);
  assert.equal(canSeeEvent(embed, event('draft')), false);
  assert.equal(canSeeEvent({ via: 'embed', roles: { 'org-a': 'admin' }, embedOrganizationId: 'org-a' }, event('draft')), false);
});

test('an event without a known status or organization is public to nobody', () => {
  assert.equal(isPublicEventStatus(null), false);
  assert.equal(isPublicEventStatus(''), false);
  assert.equal(canSeeEvent(stranger, event(null)), false);
  assert.equal(canSeeEvent(member, event(null)), true, 'its members still see it');
  assert.equal(canSeeEvent(member, event('draft', null)), false);
  assert.equal(canSeeEvent(embed, event('published', null)), false);
});

test('a service may count roles the assertion does not carry yet (an organization creator)', () => {
  assert.equal(canSeeEvent(stranger, event('draft'), (organizationId) => (organizationId === 'org-a' ? 'admin' : undefined)), true);
  assert.equal(canSeeEvent(embed, event('draft'), () => 'admin'), false);
});

test('an embed token sees its own organization only; everyone else sees every organization', () => {
  assert.equal(canSeeOrganization(embed, 'org-a'), true);
  assert.equal(canSeeOrganization(embed, 'org-b'), false);
  assert.equal(canSeeOrganization(embed, null), false);
  assert.equal(canSeeOrganization({ via: 'embed', roles: {} }, 'org-a'), false);
  assert.equal(canSeeOrganization(anonymous, 'org-b'), true);
});
