import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Schemas } from '@regatta/client';
import { profileValuesOf, toProfileUpdate } from './profile';
import { latestFoundingYear, profileSchema, type ProfileValues } from './schemas';

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

const blank: ProfileValues = {
  name: 'Harbour Sailing Club',
  type: 'sailing-club',
  description: '',
  founded: '',
  address: { street: '', city: '', state: '', postalCode: '', country: '' },
  contact: { email: '', phone: '', website: '' },
  socialMedia: { facebook: '', instagram: '' },
};

test('the profile form checks what updateOrganization checks', () => {
  assert.equal(profileSchema.safeParse(blank).success, true, 'only a name and a kind are needed');
  assert.deepEqual(
    messages(
      profileSchema.safeParse({
        ...blank,
        name: '  ',
        founded: '999',
        address: { ...blank.address, postalCode: '1'.repeat(21), city: 'x'.repeat(101) },
        contact: { email: 'office@club', phone: '', website: 'ftp://club.example.org' },
        socialMedia: { facebook: 'f'.repeat(201), instagram: '' },
      }),
    ),
    {
      name: 'validation.required',
      founded: 'validation.min',
      'address.postalCode': 'validation.tooLong',
      'address.city': 'validation.tooLong',
      'contact.email': 'validation.email',
      'contact.website': 'validation.url',
      'socialMedia.facebook': 'validation.tooLong',
    },
  );
  assert.deepEqual(messages(profileSchema.safeParse({ ...blank, founded: '19a0' })), { founded: 'validation.number' });
  assert.deepEqual(messages(profileSchema.safeParse({ ...blank, founded: String(latestFoundingYear() + 1) })), { founded: 'orgs:profile.foundedFuture' });
  assert.equal(profileSchema.safeParse({ ...blank, founded: String(latestFoundingYear()) }).success, true, 'this year is allowed');
  assert.equal(profileSchema.safeParse({ ...blank, description: 'x'.repeat(5001) }).success, false);
  assert.equal(profileSchema.safeParse({ ...blank, contact: { email: 'office@club.example.org', phone: '+49 40 123', website: 'http://club.example.org/' } }).success, true);
});

test('the founding year may not be after the current UTC year', () => {
  assert.equal(latestFoundingYear(new Date('2031-12-31T23:30:00-05:00')), 2032);
  assert.equal(latestFoundingYear(new Date('2031-06-01T00:00:00Z')), 2031);
});

test('the update sends every field, an empty one as null, the year as a number', () => {
  const values: ProfileValues = {
    ...blank,
    name: '  Harbour SC ',
    description: ' Racing since 1921. ',
    founded: '1921',
    address: { street: 'Quay 1', city: 'Kiel', state: '', postalCode: '24103', country: 'Germany' },
    contact: { email: 'office@harbour.example.org', phone: ' ', website: '' },
    socialMedia: { facebook: '', instagram: '@harbour' },
  };
  assert.deepEqual(toProfileUpdate(values), {
    name: 'Harbour SC',
    type: 'sailing-club',
    description: 'Racing since 1921.',
    founded: 1921,
    address: { street: 'Quay 1', city: 'Kiel', state: null, postalCode: '24103', country: 'Germany' },
    contact: { email: 'office@harbour.example.org', phone: null, website: null },
    socialMedia: { facebook: null, instagram: '@harbour' },
  });
  assert.equal(toProfileUpdate(blank).founded, null);
  assert.equal(toProfileUpdate(blank).description, null);
});

test('a saved profile fills the form, nulls as empty fields', () => {
  const detail: Schemas['OrganizationDetail'] = {
    id: '6f1c2a52-8a0e-4c1b-9d1e-2b8f5a1c0d3e',
    slug: 'harbour-sc',
    name: 'Harbour SC',
    description: null,
    type: 'yacht-club',
    founded: 1921,
    address: { street: null, city: 'Kiel', state: null, postalCode: null, country: 'Germany' },
    contact: { email: null, phone: '+49 40 123', website: null },
    upcomingEvents: [],
    pastEvents: { total: 0 },
    socialMedia: { facebook: null, instagram: null },
  };
  const values = profileValuesOf(detail);
  assert.equal(values.founded, '1921');
  assert.equal(values.description, '');
  assert.deepEqual(values.address, { street: '', city: 'Kiel', state: '', postalCode: '', country: 'Germany' });
  assert.deepEqual(toProfileUpdate(values).address, detail.address, 'unchanged values go back as they came');
});
