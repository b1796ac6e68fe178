import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyChanges, type Organization } from './organization.js';

const current: Organization = {
  id: '11111111-1111-4111-8111-111111111111',
  slug: 'bay-yc',
  name: 'Bay YC',
  description: null,
  type: 'yacht-club',
  founded: 1901,
  address: { street: '1 Dock St', city: 'Annapolis', state: 'MD', postalCode: '21401', country: 'US' },
  contact: { email: 'race@bay.example', phone: null, website: null },
  socialMedia: { facebook: null, instagram: null },
  createdBy: '22222222-2222-4222-8222-222222222222',
  createdAt: new Date('2025-01-01T00:00:00Z'),
  updatedAt: new Date('2025-01-01T00:00:00Z'),
};

test('applyChanges merges nested objects, clears with null and lists what changed', () => {
  const { next, changed } = applyChanges(current, {
    name: 'Bay Yacht Club',
    founded: 1901,
    address: { city: 'Eastport', postalCode: null },
    socialMedia: { instagram: '@bayyc' },
  });
  assert.deepEqual(changed, ['name', 'address', 'social_media']);
  assert.equal(next.name, 'Bay Yacht Club');
  assert.equal(next.slug, 'bay-yc');
  assert.deepEqual(next.address, { street: '1 Dock St', city: 'Eastport', state: 'MD', postalCode: null, country: 'US' });
  assert.deepEqual(next.socialMedia, { facebook: null, instagram: '@bayyc' });
  // The input is untouched.
  assert.equal(current.address.city, 'Annapolis');
});

test('applyChanges with equal values changes nothing', () => {
  const { changed } = applyChanges(current, { name: 'Bay YC', contact: { email: 'race@bay.example' } });
  assert.deepEqual(changed, []);
});
