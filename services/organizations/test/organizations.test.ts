/**
 * End-to-end through the gateway: organization profiles (create, update, list, detail) and the
 * regatta projection fed by events.v1 facts. Every response is checked against the OpenAPI document
 * by the ApiClient.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import { resolveSecret } from '@regatta/config';
import { ASSERTION_HEADER, signAssertion } from '@regatta/http';
import { ApiClient, apiClient, createOrganization, eventually, newActor, uniqueSuffix, type Actor, type ApiPath } from '@regatta/testing';
import { closePublisher, publishFacts, timed } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;

interface EventInit {
  id?: string;
  name: string;
  status: string;
  start: Date;
  end: Date;
  registrationOpen?: Date;
  registrationClose?: Date;
  updatedAt?: Date;
}

function eventFact(type: 'event.created' | 'event.updated', org: { id: string; slug: string; name: string }, init: EventInit & { id: string }): Fact {
  const event = {
    id: init.id,
    organization: { id: org.id, slug: org.slug, name: org.name },
    name: init.name,
    slug: `${init.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${init.id.slice(0, 6)}`,
    venue: 'Severn River',
    startDate: timestampFromDate(init.start),
    endDate: timestampFromDate(init.end),
    status: init.status,
    currency: 'USD',
    entryFee: '125.00',
    settingsJson: '{"tracking":true}',
    updatedAt: timestampFromDate(init.updatedAt ?? new Date()),
    ...(init.registrationOpen ? { registrationOpen: timestampFromDate(init.registrationOpen) } : {}),
    ...(init.registrationClose ? { registrationClose: timestampFromDate(init.registrationClose) } : {}),
  };
  const meta = { producer: 'events', eventId: init.id, organizationId: org.id };
  return type === 'event.created'
    ? newFact('event.created', 'eventCreated', { event }, meta)
    : newFact('event.updated', 'eventUpdated', { event, previousStatus: 'published', changedFields: ['status'] }, meta);
}

let admin: Actor;
let outsider: Actor;

before(async () => {
  admin = await newActor(api);
  outsider = await newActor(api);
});
after(async () => {
  await closePublisher();
});

/** PATCH as the creator once identity has made them admin (organization.created -> membership). */
async function patchAsAdmin(slug: string, body: unknown) {
  return eventually(async () => {
    const response = await api.patch(`/api/v1/organizations/${slug}`, body, { key: admin.key });
    return response.status === 403 ? undefined : response;
  }, 10_000, 'the creator to become admin');
}

describe('POST /organizations', () => {
  test('creates with every field; slug derived from the name; detail in the guide form', async () => {
    const suffix = uniqueSuffix();
    const response = await api.post(
      '/api/v1/organizations',
      {
        name: `Société Nautique ${suffix}`,
        type: 'sailing-club',
        description: 'Lake racing since 1872.',
        founded: 1872,
        address: { street: '1 Quai', city: 'Genève', state: 'GE', postalCode: '1207', country: 'CH' },
        contact: { email: 'races@snq.example', phone: '+41 22 000 00 00', website: 'https://snq.example' },
        socialMedia: { facebook: 'snq', instagram: '@snq' },
      },
      { key: admin.key },
    );
    assert.equal(response.status, 201);
    const data = response.body.data;
    assert.equal(data.slug, `societe-nautique-${suffix}`);
    assert.equal(response.headers.get('location'), `/api/v1/organizations/${data.slug}`);
    assert.deepEqual(data, {
      id: data.id,
      slug: `societe-nautique-${suffix}`,
      name: `Société Nautique ${suffix}`,
      description: 'Lake racing since 1872.',
      type: 'sailing-club',
      founded: 1872,
      address: { street: '1 Quai', city: 'Genève', state: 'GE', postalCode: '1207', country: 'CH' },
      contact: { email: 'races@snq.example', phone: '+41 22 000 00 00', website: 'https://snq.example' },
      upcomingEvents: [],
      pastEvents: { total: 0 },
      socialMedia: { facebook: 'snq', instagram: '@snq' },
    });
    assert.equal(typeof response.body.message, 'string');

    const read = await api.get(`/api/v1/organizations/${data.slug}`, { key: outsider.key });
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, { organization: data, upcomingEvents: [], recentEvents: [] });
  });

  test('a second organization with the same name gets the -2 slug, a third -3', async () => {
    const name = `Harbour YC ${uniqueSuffix()}`;
    const first = await createOrganization(api, admin, { name });
    const second = await createOrganization(api, outsider, { name });
    const third = await createOrganization(api, admin, { name });
    const base = name.toLowerCase().replace(/ /g, '-');
    assert.deepEqual([first.slug, second.slug, third.slug], [base, `${base}-2`, `${base}-3`]);
  });

  test('400 names each bad field; unknown fields are refused', async () => {
    const response = await api.post(
      '/api/v1/organizations',
      { type: 'rowing-club', founded: 3000, contact: { website: 'ftp://x.example', email: 'nope' }, colour: 'blue' },
      { key: admin.key },
    );
    assert.equal(response.status, 400);
    assert.equal(response.body.code, 'validation_failed');
    const fields = response.body.errors.map((error: { field: string }) => error.field).sort();
    assert.deepEqual(fields, ['colour', 'contact.email', 'contact.website', 'founded', 'name', 'type']);
  });

  test('401 without credentials; 403 for a key without the write scope', async () => {
    const anonymous = await api.post('/api/v1/organizations', { name: 'Nobody YC', type: 'yacht-club' });
    assert.equal(anonymous.status, 401);
    const reader = await newActor(api, ['read']);
    const forbidden = await api.post('/api/v1/organizations', { name: 'Reader YC', type: 'yacht-club' }, { key: reader.key });
    assert.equal(forbidden.status, 403);
  });
});

describe('PATCH /organizations/{slug}', () => {
  test('an admin changes fields (nested objects merge, null clears); the slug stays', async () => {
    const org = await createOrganization(api, admin, {
      name: `Bay YC ${uniqueSuffix()}`,
      address: { street: '1 Dock St', city: 'Annapolis', state: 'MD', country: 'US' },
      contact: { email: 'race@bay.example' },
    });
    const response = await patchAsAdmin(org.slug, {
      name: `${org.name} Renamed`,
      founded: 1901,
      address: { city: 'Eastport', street: null },
      socialMedia: { instagram: '@bay' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.data.slug, org.slug);
    assert.equal(response.body.data.name, `${org.name} Renamed`);
    assert.equal(response.body.data.founded, 1901);
    assert.deepEqual(response.body.data.address, { street: null, city: 'Eastport', state: 'MD', postalCode: null, country: 'US' });
    assert.deepEqual(response.body.data.contact, { email: 'race@bay.example', phone: null, website: null });
    assert.deepEqual(response.body.data.socialMedia, { facebook: null, instagram: '@bay' });
    const read = await api.get(`/api/v1/organizations/${org.slug}`, { key: outsider.key });
    assert.deepEqual(read.body.organization, response.body.data);
  });

  test('403 organization_admin_required for others; 404 unknown; 400 bad or empty body', async () => {
    const org = await createOrganization(api, admin);
    const other = await api.patch(`/api/v1/organizations/${org.slug}`, { name: 'Taken over' }, { key: outsider.key });
    assert.equal(other.status, 403);
    assert.equal(other.body.code, 'organization_admin_required');
    const unknown = await api.patch(`/api/v1/organizations/no-such-org-${uniqueSuffix()}`, { name: 'X' }, { key: admin.key });
    assert.equal(unknown.status, 404);
    const bad = await patchAsAdmin(org.slug, { type: 'navy', name: '' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((error: { field: string }) => error.field).sort(), ['name', 'type']);
    const empty = await patchAsAdmin(org.slug, {});
    assert.equal(empty.status, 400);
    const anonymous = await api.patch(`/api/v1/organizations/${org.slug}`, { name: 'X' });
    assert.equal(anonymous.status, 401);
  });
});

describe('GET /organizations', () => {
  test('filters by q, query, location and type; count is the total of matches; pages', async () => {
    const tag = uniqueSuffix();
    const a = await createOrganization(api, admin, { name: `Alpha ${tag} YC`, type: 'yacht-club', address: { city: 'Kiel', state: 'SH', country: 'DE' } });
    const b = await createOrganization(api, admin, { name: `Beta ${tag} Committee`, type: 'race-committee', address: { city: 'Cowes', country: 'GB' } });
    const c = await createOrganization(api, admin, {
      name: `Gamma ${tag} Association`,
      type: 'association',
      address: { city: 'Sydney', state: 'NSW', country: 'AU' },
      contact: { website: 'https://gamma.example' },
    });

    const byName = await api.get('/api/v1/organizations', { key: outsider.key, query: { q: tag } });
    assert.equal(byName.status, 200);
    assert.deepEqual(byName.body.organizations.map((o: { id: string }) => o.id), [a.id, b.id, c.id]);
    assert.deepEqual({ limit: byName.body.limit, offset: byName.body.offset, count: byName.body.count }, { limit: 20, offset: 0, count: 3 });
    assert.deepEqual(byName.body.organizations[2], {
      id: c.id,
      slug: c.slug,
      name: `Gamma ${tag} Association`,
      type: 'association',
      city: 'Sydney',
      state: 'NSW',
      country: 'AU',
      website: 'https://gamma.example',
      upcomingEvents: 0,
      totalEvents: 0,
    });

    const page = await api.get('/api/v1/organizations', { key: outsider.key, query: { q: tag, limit: 1, offset: 1 } });
    assert.deepEqual(page.body.organizations.map((o: { id: string }) => o.id), [b.id]);
    assert.equal(page.body.count, 3);

    const typed = await api.get('/api/v1/organizations', { key: outsider.key, query: { q: tag, type: 'race-committee' } });
    assert.deepEqual(typed.body.organizations.map((o: { id: string }) => o.id), [b.id]);

    const located = await api.get('/api/v1/organizations', { key: outsider.key, query: { q: tag, location: 'nsw' } });
    assert.deepEqual(located.body.organizations.map((o: { id: string }) => o.id), [c.id]);

    const nameOrPlace = await api.get('/api/v1/organizations', { key: outsider.key, query: { query: `Beta ${tag}` } });
    assert.deepEqual(nameOrPlace.body.organizations.map((o: { id: string }) => o.id), [b.id]);
    const place = await api.get('/api/v1/organizations', { key: outsider.key, query: { query: 'kiel', q: tag } });
    assert.deepEqual(place.body.organizations.map((o: { id: string }) => o.id), [a.id]);
  });

  test('400 for bad limit, offset and type; 401 without credentials', async () => {
    for (const [query, field] of [
      [{ limit: 0 }, 'query.limit'],
      [{ limit: 101 }, 'query.limit'],
      [{ limit: 'ten' }, 'query.limit'],
      [{ offset: -1 }, 'query.offset'],
      [{ type: 'navy' }, 'query.type'],
    ] as const) {
      const response = await api.get('/api/v1/organizations', { key: outsider.key, query });
      assert.equal(response.status, 400, JSON.stringify(query));
      assert.deepEqual(response.body.errors.map((error: { field: string }) => error.field), [field]);
    }
    assert.equal((await api.get('/api/v1/organizations')).status, 401);
  });

  test('GET /organizations/{slug}: 404 unknown, 401 without credentials', async () => {
    assert.equal((await api.get(`/api/v1/organizations/nope-${uniqueSuffix()}`, { key: outsider.key })).status, 404);
    assert.equal((await api.get('/api/v1/organizations/NOT a slug', { key: outsider.key })).status, 404);
    assert.equal((await api.get('/api/v1/organizations/anything')).status, 401);
  });
});

describe('regatta facts from events.v1', () => {
  test('counts, lists and pastEvents follow event.created / event.updated within a second', async (t) => {
    const org = await createOrganization(api, admin, { name: `Calendar YC ${uniqueSuffix()}` });
    const orgRef = { id: org.id, slug: org.slug, name: org.name };
    const now = Date.now();
    const ids = {
      upcoming: randomUUID(),
      ongoing: randomUUID(),
      past2024a: randomUUID(),
      past2024b: randomUUID(),
      ended2023: randomUUID(),
      draft: randomUUID(),
      cancelled: randomUUID(),
    };
    const facts = [
      eventFact('event.created', orgRef, {
        id: ids.upcoming,
        name: 'Summer Series',
        status: 'published',
        start: new Date(now + 10 * DAY),
        end: new Date(now + 12 * DAY),
        registrationOpen: new Date(now - DAY),
        registrationClose: new Date(now + 5 * DAY),
      }),
      eventFact('event.created', orgRef, { id: ids.ongoing, name: 'Frostbite', status: 'ongoing', start: new Date(now - DAY), end: new Date(now + DAY) }),
      eventFact('event.created', orgRef, { id: ids.past2024a, name: 'Spring Cup', status: 'completed', start: new Date('2024-05-01T09:00:00Z'), end: new Date('2024-05-02T17:00:00Z') }),
      eventFact('event.created', orgRef, { id: ids.past2024b, name: 'Autumn Cup', status: 'completed', start: new Date('2024-09-10T09:00:00Z'), end: new Date('2024-09-12T17:00:00Z') }),
      eventFact('event.created', orgRef, { id: ids.ended2023, name: 'Old Regatta', status: 'published', start: new Date('2023-03-01T09:00:00Z'), end: new Date('2023-03-03T17:00:00Z') }),
      eventFact('event.created', orgRef, { id: ids.draft, name: 'Draft Regatta', status: 'draft', start: new Date(now + 20 * DAY), end: new Date(now + 21 * DAY) }),
      eventFact('event.created', orgRef, { id: ids.cancelled, name: 'Cancelled Regatta', status: 'cancelled', start: new Date('2024-07-01T09:00:00Z'), end: new Date('2024-07-02T17:00:00Z') }),
    ];
    await publishFacts(...facts);

    const first = await timed(
      async () => {
        const response = await api.get(`/api/v1/organizations/${org.slug}`, { key: outsider.key });
        return response.body.organization.pastEvents.total === 3 && response.body.upcomingEvents.length === 2 ? response : undefined;
      },
      15_000,
      'the projection to show the seven regattas',
    );
    const page = first.value.body;
    assert.deepEqual(page.organization.pastEvents, { year2024: 2, year2023: 1, total: 3 });
    assert.deepEqual(Object.keys(page.organization.pastEvents), ['year2024', 'year2023', 'total']);
    assert.deepEqual(page.organization.upcomingEvents, [
      { id: ids.ongoing, slug: page.upcomingEvents[0].slug, name: 'Frostbite', startDate: new Date(now - DAY).toISOString().slice(0, 10), registrationOpen: false },
      { id: ids.upcoming, slug: page.upcomingEvents[1].slug, name: 'Summer Series', startDate: new Date(now + 10 * DAY).toISOString().slice(0, 10), registrationOpen: true },
    ]);
    assert.deepEqual(page.upcomingEvents.map((e: { id: string }) => e.id), [ids.ongoing, ids.upcoming]);
    assert.deepEqual(page.recentEvents.map((e: { id: string }) => e.id), [ids.past2024b, ids.past2024a, ids.ended2023]);
    assert.deepEqual(page.upcomingEvents[1], {
      id: ids.upcoming,
      name: 'Summer Series',
      slug: page.upcomingEvents[1].slug,
      description: null,
      venue: 'Severn River',
      address: null,
      startDate: new Date(now + 10 * DAY).toISOString(),
      endDate: new Date(now + 12 * DAY).toISOString(),
      status: 'published',
      entryFee: '125.00',
      currency: 'USD',
      maxParticipants: null,
      settings: { tracking: true },
      organization: { name: org.name, slug: org.slug },
    });

    const listed = await api.get('/api/v1/organizations', { key: outsider.key, query: { q: org.name } });
    assert.deepEqual(
      listed.body.organizations.map((o: { upcomingEvents: number; totalEvents: number }) => [o.upcomingEvents, o.totalEvents]),
      [[2, 5]],
    );

    // The summer series is cancelled: one upcoming of four public, measured from the publish.
    await publishFacts(
      eventFact('event.updated', orgRef, {
        id: ids.upcoming,
        name: 'Summer Series',
        status: 'cancelled',
        start: new Date(now + 10 * DAY),
        end: new Date(now + 12 * DAY),
        updatedAt: new Date(now + 1000),
      }),
    );
    const started = performance.now();
    await eventually(async () => {
      const response = await api.get('/api/v1/organizations', { key: outsider.key, query: { q: org.name } });
      const item = response.body.organizations[0];
      return item.upcomingEvents === 1 && item.totalEvents === 4 ? true : undefined;
    }, 5_000, 'the cancellation to show');
    const ms = performance.now() - started;
    t.diagnostic(`event.updated visible through the gateway after ${Math.round(ms)} ms`);
    assert.ok(ms < 1_000, `cancellation visible after ${Math.round(ms)} ms`);

    // An older snapshot arriving late changes nothing.
    await publishFacts(
      eventFact('event.updated', orgRef, {
        id: ids.upcoming,
        name: 'Summer Series',
        status: 'published',
        start: new Date(now + 10 * DAY),
        end: new Date(now + 12 * DAY),
        updatedAt: new Date(now - 60_000),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const still = await api.get(`/api/v1/organizations/${org.slug}`, { key: outsider.key });
    assert.deepEqual(still.body.upcomingEvents.map((e: { id: string }) => e.id), [ids.ongoing]);
  });
});

describe('embed tokens', () => {
  // The gateway decides whether an embed token may reach these routes at all; the service itself
  // must show an embed identity only its own organization. Called directly with a signed assertion.
  function asEmbed(organizationId: string): ApiClient {
    const urls = JSON.parse(process.env['E2E_SERVICE_URLS'] ?? '{}') as Record<string, string>;
    if (!urls['organizations']) throw new Error('E2E_SERVICE_URLS is not set: run through scripts/with-stack.ts');
    const secret = resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], 'test', 'assertion');
    const assertion = signAssertion({ scopes: ['read'], roles: {}, via: 'embed', embedTokenId: randomUUID(), embedOrganizationId: organizationId }, secret);
    const client = new ApiClient(urls['organizations']);
    return {
      get: <P extends string>(path: ApiPath<P, 'get'>, options: { query?: Record<string, string> } = {}) => client.get(path, { ...options, headers: { [ASSERTION_HEADER]: assertion } }),
    } as unknown as ApiClient;
  }

  test('an embed identity reads only its own organization (others are 404, the list holds only it)', async () => {
    const own = await createOrganization(api, admin);
    const other = await createOrganization(api, admin);
    const widget = asEmbed(own.id);
    const mine = await widget.get(`/api/v1/organizations/${own.slug}`);
    assert.equal(mine.status, 200, mine.text);
    assert.equal(mine.body.organization.id, own.id);
    const theirs = await widget.get(`/api/v1/organizations/${other.slug}`);
    assert.equal(theirs.status, 404);
    const list = await widget.get('/api/v1/organizations');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.organizations.map((o: { id: string }) => o.id), [own.id]);
    assert.equal(list.body.count, 1);
    const filtered = await widget.get('/api/v1/organizations', { query: { q: other.name } });
    assert.deepEqual(filtered.body, { organizations: [], limit: 20, offset: 0, count: 0 });
  });
});
