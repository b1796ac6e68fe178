/**
 * End-to-end through the gateway: sailor profiles, racing history with stats, and the boat registry,
 * all built from real protobuf facts published on the stack's Kafka topics (identity.v1,
 * registrations.v1, events.v1, results.v1). Every response is checked against the OpenAPI document.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import { apiClient, eventually, newActor, uniqueSuffix, type Actor, type ApiPath } from '@regatta/testing';
import { closePublisher, publishFacts, timed } from '@regatta/testing';

const api = apiClient();
let reader: Actor;

before(async () => {
  reader = await newActor(api, ['read']);
});
after(async () => {
  await closePublisher();
});

const get = <P extends string>(path: ApiPath<P, 'get'>, query?: Record<string, string | number>) => api.get(path, { key: reader.key, ...(query ? { query } : {}) });

function userRegistered(id: string, name: string): Fact {
  return newFact('user.registered', 'userRegistered', { userId: id, email: `${id.slice(0, 8)}@example.org`, name, registeredAt: timestampFromDate(new Date()) }, { producer: 'identity' });
}

function regattaFact(id: string, name: string, start: string, status = 'completed'): Fact {
  const startDate = new Date(start);
  return newFact(
    'event.created',
    'eventCreated',
    {
      event: {
        id,
        organization: { id: randomUUID(), slug: 'club', name: 'Club' },
        name,
        slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 6)}`,
        startDate: timestampFromDate(startDate),
        endDate: timestampFromDate(new Date(startDate.getTime() + 2 * 86_400_000)),
        status,
        currency: 'USD',
        updatedAt: timestampFromDate(new Date()),
      },
    },
    { producer: 'events', eventId: id },
  );
}

interface BoatInit {
  id: string;
  name: string;
  sailNumber: string;
  model?: string;
  ratings?: Record<string, number>;
}

function registrationFact(
  type: 'registration.created' | 'registration.cancelled',
  init: { id: string; eventId: string; fleetId: string; fleetName: string; userId: string; sailorName: string; boat: BoatInit; updatedAt?: Date },
): Fact {
  const registration = {
    id: init.id,
    eventId: init.eventId,
    fleetId: init.fleetId,
    fleetName: init.fleetName,
    userId: init.userId,
    sailorName: init.sailorName,
    boat: { id: init.boat.id, name: init.boat.name, sailNumber: init.boat.sailNumber, model: init.boat.model, ratings: init.boat.ratings ?? {} },
    status: type === 'registration.cancelled' ? 'cancelled' : 'registered',
    paymentStatus: 'paid',
    registrationTime: timestampFromDate(new Date()),
    updatedAt: timestampFromDate(init.updatedAt ?? new Date()),
  };
  const meta = { producer: 'events', eventId: init.eventId };
  return type === 'registration.created'
    ? newFact('registration.created', 'registrationCreated', { registration }, meta)
    : newFact('registration.cancelled', 'registrationCancelled', { registration, previousStatus: 'registered' }, meta);
}

interface ResultInit {
  boat: BoatInit;
  userId: string;
  position?: number;
  points: number;
  status: string;
}

function resultsFact(eventId: string, fleetId: string, raceNumber: number, results: ResultInit[], raceStatus = 'finished'): Fact {
  return newFact(
    'results.updated',
    'resultsUpdated',
    {
      eventId,
      raceId: randomUUID(),
      fleetId,
      raceNumber,
      raceName: `Race ${raceNumber}`,
      raceStatus,
      published: false,
      results: results.map((result) => ({
        boatId: result.boat.id,
        userId: result.userId,
        boatName: result.boat.name,
        sailNumber: result.boat.sailNumber,
        ...(result.position !== undefined ? { position: result.position } : {}),
        points: result.points,
        status: result.status,
      })),
    },
    { producer: 'results-scoring', eventId },
  );
}

function standingsFact(eventId: string, fleetId: string, fleetName: string, boatsInFleet: number, entries: Array<{ boat: BoatInit; userId: string; position: number; net: number; total: number; races: number }>): Fact {
  return newFact(
    'standings.updated',
    'standingsUpdated',
    {
      eventId,
      fleetId,
      fleetName,
      scoringSystem: 'low_point',
      drops: 0,
      appliedDrops: 0,
      boatsInFleet,
      entries: entries.map((entry) => ({
        position: entry.position,
        boatId: entry.boat.id,
        userId: entry.userId,
        boatName: entry.boat.name,
        sailNumber: entry.boat.sailNumber,
        totalPoints: entry.total,
        netPoints: entry.net,
        racesCompleted: entry.races,
      })),
    },
    { producer: 'results-scoring', eventId },
  );
}

describe('sailor history from facts', () => {
  const ada = randomUUID();
  const ben = randomUUID();
  const r2024 = randomUUID();
  const r2023 = randomUUID();
  const f2024 = randomUUID();
  const f2023 = randomUUID();
  const tag = uniqueSuffix();
  const blueNote: BoatInit = { id: randomUUID(), name: `Blue Note ${tag}`, sailNumber: `USA ${tag}`, model: 'J/70', ratings: { phrf: 132, portsmouth_rya: 1098 } };
  const redStar: BoatInit = { id: randomUUID(), name: `Red Star ${tag}`, sailNumber: `GBR ${tag}`, model: 'J/70', ratings: { phrf: 129 } };

  before(async () => {
    await publishFacts(
      userRegistered(ada, 'Ada Lovelace'),
      regattaFact(r2024, 'Summer Regatta', '2024-07-12T09:00:00Z'),
      regattaFact(r2023, 'Winter Cup', '2023-12-01T09:00:00Z'),
    );
  });

  test('a user becomes a sailor profile; unknown and malformed ids are 404', async () => {
    const profile = await eventually(async () => {
      const response = await get(`/api/v1/sailors/${ada}`);
      return response.status === 200 ? response : undefined;
    }, 15_000, 'the user.registered fact');
    assert.deepEqual(profile.body, { data: { id: ada, name: 'Ada Lovelace', boats: [] } });
    assert.equal((await get(`/api/v1/sailors/${randomUUID()}`)).status, 404);
    assert.equal((await get('/api/v1/sailors/not-a-uuid')).status, 404);
    assert.equal((await get(`/api/v1/sailors/${randomUUID()}/history`)).status, 404);
    assert.equal((await api.get(`/api/v1/sailors/${ada}`)).status, 401);
    assert.equal((await api.get(`/api/v1/sailors/${ada}/history`)).status, 401);
  });

  test('registrations add boats (with ratings) and unscored history entries', async () => {
    await publishFacts(
      registrationFact('registration.created', { id: randomUUID(), eventId: r2024, fleetId: f2024, fleetName: 'J/70', userId: ada, sailorName: 'Ada L.', boat: blueNote }),
      registrationFact('registration.created', { id: randomUUID(), eventId: r2023, fleetId: f2023, fleetName: 'J/70 Winter', userId: ada, sailorName: 'Ada L.', boat: blueNote }),
      registrationFact('registration.created', { id: randomUUID(), eventId: r2024, fleetId: f2024, fleetName: 'J/70', userId: ben, sailorName: 'Ben Ainslie', boat: redStar }),
    );
    const history = await eventually(async () => {
      const response = await get(`/api/v1/sailors/${ada}/history`);
      return response.status === 200 && response.body.count === 2 ? response : undefined;
    }, 5_000, 'the registrations');
    assert.deepEqual(history.body.stats, { events: 0, racesSailed: 0, wins: 0, podiums: 0, bestFinish: null, averageFinish: null });
    assert.deepEqual(history.body.history[0], {
      event: { id: r2024, slug: history.body.history[0].event.slug, name: 'Summer Regatta' },
      date: '2024-07-12',
      fleet: { id: f2024, name: 'J/70' },
      boat: { id: blueNote.id, name: blueNote.name, sailNumber: blueNote.sailNumber },
      finalPosition: null,
      points: null,
      fleetSize: null,
      racesSailed: 0,
    });
    // The account's name wins over the name typed into a registration.
    assert.equal(history.body.sailor.name, 'Ada Lovelace');

    const profile = await get(`/api/v1/sailors/${ada}`);
    assert.deepEqual(profile.body.data.boats.map((boat: { id: string; ratings: unknown }) => [boat.id, boat.ratings]), [[blueNote.id, { phrf: 132, portsmouth_rya: 1098 }]]);
    // A sailor known only from a registration has a profile too, named from it.
    // (Ben's registration may sit on another partition than Ada's: wait for it rather than assume.)
    const benProfile = await eventually(async () => {
      const response = await get(`/api/v1/sailors/${ben}`);
      return response.status === 200 ? response : undefined;
    }, 10_000, "Ben's profile projected");
    assert.equal(benProfile.body.data.name, 'Ben Ainslie');
  });

  test('results and standings fill positions, points, fleet size and races sailed within a second', async (t) => {
    // Summer 2024, J/70 (3 boats): race 1 Ada 2nd, race 2 Ada DNF, race 3 Ada DNS, race 4 abandoned.
    await publishFacts(
      resultsFact(r2024, f2024, 1, [
        { boat: redStar, userId: ben, position: 1, points: 1, status: 'finished' },
        { boat: blueNote, userId: ada, position: 2, points: 2, status: 'finished' },
      ]),
      resultsFact(r2024, f2024, 2, [
        { boat: redStar, userId: ben, position: 1, points: 1, status: 'finished' },
        { boat: blueNote, userId: ada, points: 4, status: 'dnf' },
      ]),
      resultsFact(r2024, f2024, 3, [
        { boat: redStar, userId: ben, position: 1, points: 1, status: 'finished' },
        { boat: blueNote, userId: ada, points: 4, status: 'dns' },
      ]),
      resultsFact(r2024, f2024, 4, [{ boat: blueNote, userId: ada, position: 1, points: 1, status: 'finished' }], 'abandoned'),
    );
    await publishFacts(
      standingsFact(r2024, f2024, 'J/70', 3, [
        { boat: redStar, userId: ben, position: 1, net: 3, total: 3, races: 3 },
        { boat: blueNote, userId: ada, position: 2, net: 10, total: 10, races: 3 },
      ]),
    );
    const summer = await timed(
      async () => {
        const response = await get(`/api/v1/sailors/${ada}/history`);
        const entry = response.body.history?.find((item: { event: { id: string } }) => item.event.id === r2024);
        return entry?.finalPosition === 2 && entry.racesSailed === 2 ? response : undefined;
      },
      5_000,
      'the 2024 standings',
    );
    t.diagnostic(`standings.updated visible in history after ${Math.round(summer.ms)} ms`);
    assert.ok(summer.ms < 1_000, `standings visible after ${Math.round(summer.ms)} ms`);
    assert.deepEqual(summer.value.body.history[0], {
      event: { id: r2024, slug: summer.value.body.history[0].event.slug, name: 'Summer Regatta' },
      date: '2024-07-12',
      fleet: { id: f2024, name: 'J/70' },
      boat: { id: blueNote.id, name: blueNote.name, sailNumber: blueNote.sailNumber },
      finalPosition: 2,
      points: 10,
      fleetSize: 3,
      racesSailed: 2,
    });

    // Winter 2023: Ada wins (1 race sailed).
    await publishFacts(
      resultsFact(r2023, f2023, 1, [{ boat: blueNote, userId: ada, position: 1, points: 1, status: 'finished' }]),
      standingsFact(r2023, f2023, 'J/70 Winter', 4, [{ boat: blueNote, userId: ada, position: 1, net: 1.5, total: 1.5, races: 1 }]),
    );
    const all = await timed(
      async () => {
        const response = await get(`/api/v1/sailors/${ada}/history`);
        return response.body.stats?.events === 2 && response.body.stats.racesSailed === 3 ? response : undefined;
      },
      5_000,
      'the 2023 standings',
    );
    t.diagnostic(`second standings.updated visible after ${Math.round(all.ms)} ms`);
    assert.ok(all.ms < 1_000, `standings visible after ${Math.round(all.ms)} ms`);
    assert.deepEqual(all.value.body.stats, { events: 2, racesSailed: 3, wins: 1, podiums: 2, bestFinish: 1, averageFinish: 1.5 });
    assert.deepEqual({ limit: all.value.body.limit, offset: all.value.body.offset, count: all.value.body.count }, { limit: 50, offset: 0, count: 2 });
    assert.deepEqual(all.value.body.history.map((entry: { date: string; finalPosition: number; points: number; fleetSize: number }) => [entry.date, entry.finalPosition, entry.points, entry.fleetSize]), [
      ['2024-07-12', 2, 10, 3],
      ['2023-12-01', 1, 1.5, 4],
    ]);

    const y2023 = await get(`/api/v1/sailors/${ada}/history`, { year: 2023 });
    assert.equal(y2023.body.count, 1);
    assert.deepEqual(y2023.body.stats, { events: 1, racesSailed: 1, wins: 1, podiums: 1, bestFinish: 1, averageFinish: 1 });
    assert.equal(y2023.body.history[0].event.name, 'Winter Cup');

    const paged = await get(`/api/v1/sailors/${ada}/history`, { limit: 1, offset: 1 });
    assert.deepEqual({ limit: paged.body.limit, offset: paged.body.offset, count: paged.body.count }, { limit: 1, offset: 1, count: 2 });
    assert.deepEqual(paged.body.history.map((entry: { event: { id: string } }) => entry.event.id), [r2023]);
    // Stats cover every matching entry, not just the page.
    assert.equal(paged.body.stats.events, 2);

    const none = await get(`/api/v1/sailors/${ada}/history`, { year: 2019 });
    assert.deepEqual(none.body.history, []);
    assert.deepEqual(none.body.stats, { events: 0, racesSailed: 0, wins: 0, podiums: 0, bestFinish: null, averageFinish: null });
  });

  test('a cancelled registration without standings leaves the history', async () => {
    const regatta = randomUUID();
    const fleet = randomUUID();
    const registration = { id: randomUUID(), eventId: regatta, fleetId: fleet, fleetName: 'Lasers', userId: ben, sailorName: 'Ben Ainslie', boat: redStar };
    await publishFacts(regattaFact(regatta, 'Autumn Open', '2025-10-01T09:00:00Z', 'published'), registrationFact('registration.created', registration));
    await eventually(async () => ((await get(`/api/v1/sailors/${ben}/history`)).body.count === 2 ? true : undefined), 5_000, 'the registration');
    await publishFacts(registrationFact('registration.cancelled', { ...registration, updatedAt: new Date(Date.now() + 1000) }));
    await eventually(async () => ((await get(`/api/v1/sailors/${ben}/history`)).body.count === 1 ? true : undefined), 5_000, 'the cancellation');
  });

  test('400 for bad year, limit and offset', async () => {
    for (const [query, field] of [
      [{ limit: 0 }, 'query.limit'],
      [{ limit: 101 }, 'query.limit'],
      [{ offset: -1 }, 'query.offset'],
      [{ year: 'last' }, 'query.year'],
    ] as const) {
      const response = await get(`/api/v1/sailors/${ada}/history`, query);
      assert.equal(response.status, 400, JSON.stringify(query));
      assert.deepEqual(response.body.errors.map((error: { field: string }) => error.field), [field]);
    }
  });

  test('boat registry: search by sail number (normalized) or text, get one with ratings', async () => {
    const bySail = await get('/api/v1/boats', { sailNumber: `usa-${tag}` });
    assert.equal(bySail.status, 200);
    assert.deepEqual(bySail.body.data.map((boat: { id: string }) => boat.id), [blueNote.id]);
    assert.deepEqual(bySail.body.pagination, { limit: 20, offset: 0, hasMore: false });

    const byText = await get('/api/v1/boats', { q: tag, limit: 1 });
    assert.deepEqual(byText.body.data.map((boat: { id: string }) => boat.id), [blueNote.id]);
    assert.deepEqual(byText.body.pagination, { limit: 1, offset: 0, hasMore: true });
    const next = await get('/api/v1/boats', { q: tag, limit: 1, offset: 1 });
    assert.deepEqual(next.body.data.map((boat: { id: string }) => boat.id), [redStar.id]);
    assert.equal(next.body.pagination.hasMore, false);

    const one = await get(`/api/v1/boats/${blueNote.id}`);
    assert.deepEqual(one.body.data, {
      id: blueNote.id,
      name: blueNote.name,
      sailNumber: blueNote.sailNumber,
      model: 'J/70',
      ratings: { phrf: 132, portsmouth_rya: 1098 },
      owner: { id: ada, name: 'Ada Lovelace' },
      updatedAt: one.body.data.updatedAt,
    });
    assert.equal((await get(`/api/v1/boats/${randomUUID()}`)).status, 404);
    assert.equal((await get('/api/v1/boats/nope')).status, 404);
    const bad = await get('/api/v1/boats', { limit: 0 });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors.map((error: { field: string }) => error.field), ['query.limit']);
    assert.equal((await api.get('/api/v1/boats')).status, 401);
    assert.equal((await api.get(`/api/v1/boats/${blueNote.id}`)).status, 401);
  });
});
