/**
 * The read views (GET results, standings, series standings answered from JSON rendered when results
 * change): they follow every change they show, not only submissions (a renamed fleet, race or boat
 * arriving from the events service), and data stored before the views existed is rendered on its
 * first read.
 *
 *   STACK_SLOT=8 node --conditions=@regatta/source --import tsx scripts/with-stack.ts \
 *     node --conditions=@regatta/source --import tsx --test services/results-scoring/test/read-views.test.ts
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { newFact, timestampFromDate } from '@regatta/contracts';
import { createPool } from '@regatta/db';
import { ServiceClient, closeKafka, emit, env, fleetCreated, member, newEvent, raceScheduled, registrationCreated, seriesCreated } from './support.js';

after(closeKafka);

const start = new Date(Date.UTC(2025, 5, 1, 12, 0, 0));
const plus = (seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();

/** Polls `read` until `done` holds (the projections are applied asynchronously). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('renames of a fleet, a race and a boat after the results reach results, standings and series standings', async () => {
  const event = newEvent('published');
  const api = new ServiceClient(member(event.organizationId));
  const fleet = fleetCreated(event, { name: 'Lasers' });
  const race = raceScheduled(event, fleet.id, 1);
  const a = registrationCreated(event, fleet, { name: 'Alpha', sail: 'USA 1' });
  const b = registrationCreated(event, fleet, { name: 'Bravo', sail: 'USA 2' });
  const series = seriesCreated(event.organizationId, [event.id], 'sum_of_net');
  await emit(event.fact, fleet.fact, race.fact, a.fact, b.fact, series.fact);
  const submitted = await api.post(`/api/v1/events/${event.slug}/races/${race.id}/results`, {
    actualStart: start.toISOString(),
    results: [
      { boat: a.boatId, finishTime: plus(600), status: 'finished' },
      { boat: b.boatId, finishTime: plus(610), status: 'finished' },
    ],
  });
  assert.equal(submitted.status, 200, submitted.text);

  const meta = { producer: 'events', eventId: event.id, organizationId: event.organizationId };
  const later = timestampFromDate(new Date(Date.now() + 1_000));
  await emit(
    newFact(
      'fleet.created',
      'fleetCreated',
      {
        fleet: {
          id: fleet.id,
          eventId: event.id,
          name: 'ILCA 7',
          scoringSystem: 'low_point',
          dropRaces: 0,
          handicap: { system: 'one_design', params: {} },
          penaltyBasis: 'series_entries',
          discardThresholds: [],
          createdAt: later,
        },
      },
      meta,
    ),
    newFact('race.scheduled', 'raceScheduled', { race: { id: race.id, eventId: event.id, fleetId: fleet.id, name: 'Opening race', raceNumber: 1, status: 'scheduled', weight: 1 } }, meta),
    newFact(
      'registration.updated',
      'registrationUpdated',
      {
        registration: {
          id: randomUUID(),
          eventId: event.id,
          fleetId: fleet.id,
          userId: randomUUID(),
          sailorName: 'New Skipper',
          boat: { id: b.boatId, name: 'Bravissima', sailNumber: 'USA 2', ratings: {} },
          status: 'registered',
          paymentStatus: 'paid',
          registrationTime: later,
          updatedAt: later,
          fleetName: 'ILCA 7',
        },
      },
      meta,
    ),
  );

  const results = await eventually(
    async () => (await api.get(`/api/v1/events/${event.slug}/results`)).body.data.races,
    (races: any[]) => races[0]?.race.name === 'Opening race' && races[0].race.fleet.name === 'ILCA 7' && races[0].results[1]?.boat.name === 'Bravissima',
    'results',
  );
  assert.deepEqual(
    results[0].results.map((r: any) => [r.position, r.boat.name, r.fleet]),
    [
      [1, 'Alpha', 'ILCA 7'],
      [2, 'Bravissima', 'ILCA 7'],
    ],
  );
  const standings = await eventually(
    async () => (await api.get(`/api/v1/events/${event.slug}/standings`)).body.data,
    (data: any) => data.fleets[0]?.name === 'ILCA 7' && data.standings[1]?.boat.name === 'Bravissima',
    'standings',
  );
  assert.deepEqual(standings.standings.map((s: any) => [s.position, s.boat.name, s.fleet, s.netPoints]), [
    [1, 'Alpha', 'ILCA 7', 1],
    [2, 'Bravissima', 'ILCA 7', 2],
  ]);
  const seriesStandings = await eventually(
    async () => (await api.get(`/api/v1/series/${series.slug}/standings`)).body.data.standings,
    (entries: any[]) => entries.length === 2 && entries.every((e) => e.fleet === 'ILCA 7') && entries[1].boat.name === 'Bravissima',
    'series standings',
  );
  assert.deepEqual(seriesStandings.map((e: any) => [e.position, e.boat.name]), [
    [1, 'Alpha'],
    [2, 'Bravissima'],
  ]);
});

test('results stored before the read views existed are rendered on their first read', async () => {
  const event = newEvent('published');
  const api = new ServiceClient(member(event.organizationId));
  const fleet = fleetCreated(event, { name: 'Optimists' });
  const race = raceScheduled(event, fleet.id, 1);
  const a = registrationCreated(event, fleet, { name: 'Alpha', sail: 'GBR 1' });
  const b = registrationCreated(event, fleet, { name: 'Bravo', sail: 'GBR 2' });
  const series = seriesCreated(event.organizationId, [event.id], 'sum_of_net');
  await emit(event.fact, fleet.fact, race.fact, a.fact, b.fact, series.fact);
  const submitted = await api.post(`/api/v1/events/${event.slug}/races/${race.id}/results`, {
    actualStart: start.toISOString(),
    results: [
      { boat: b.boatId, finishTime: plus(600), status: 'finished' },
      { boat: a.boatId, status: 'dnf' },
    ],
  });
  assert.equal(submitted.status, 200, submitted.text);
  const read = async () => ({
    results: (await api.get(`/api/v1/events/${event.slug}/results`)).body,
    standings: (await api.get(`/api/v1/events/${event.slug}/standings`)).body,
    series: (await api.get(`/api/v1/series/${series.slug}/standings`)).body,
  });
  const rendered = await eventually(read, (all) => all.series.data.standings.length === 2, 'series standings');

  // What the data of a deployment from before migration 002 looks like: no views at all.
  const pool = createPool({ databaseUrl: env('E2E_DATABASE_URL'), schema: 'results_scoring', max: 1 });
  try {
    await pool.query(`DELETE FROM race_views WHERE event_id = $1`, [event.id]);
    await pool.query(`DELETE FROM fleet_views WHERE event_id = $1`, [event.id]);
    await pool.query(`DELETE FROM series_views WHERE $1 = ANY(event_ids)`, [event.id]);
    assert.deepEqual(await read(), rendered);
    const counts = await pool.query(
      `SELECT (SELECT count(*) FROM race_views WHERE event_id = $1) AS races, (SELECT count(*) FROM fleet_views WHERE event_id = $1) AS fleets,
              (SELECT count(*) FROM series_views WHERE $1 = ANY(event_ids)) AS series`,
      [event.id],
    );
    assert.deepEqual(counts.rows[0], { races: 1, fleets: 1, series: 1 });
  } finally {
    await pool.end();
  }
  assert.deepEqual(
    rendered.results.data.races[0].results.map((r: any) => [r.boat.name, r.position, r.points, r.status]),
    [
      ['Bravo', 1, 1, 'finished'],
      ['Alpha', null, 3, 'dnf'],
    ],
  );
});
