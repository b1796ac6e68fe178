/**
 * A race the events service deleted stays off the public pages even when a results fact for it arrives
 * afterwards (results.v1 and events.v1 are separate topics, so a submission committed just before the
 * deletion can reach this projection after race.deleted). Real PostgreSQL, the service's migrations.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { createPool, migrate, withTransaction, type Pool } from '@regatta/db';
import { createFreshDatabase, infraFromEnv } from '@regatta/testing';
import type { PublicRaceResults } from '../src/domain/model.js';
import { recordRaceProgress, upsertRaceResults } from '../src/store/projections/results.js';
import { removeRace } from '../src/store/projections/removals.js';

let pool: Pool;

before(async () => {
  const databaseUrl = await createFreshDatabase(infraFromEnv().databaseUrl, 'regatta_it_public_deleted_race');
  await migrate(databaseUrl, 'svc', [{ dir: fileURLToPath(new URL('../migrations', import.meta.url)), table: 'pgmigrations' }]);
  pool = createPool({ databaseUrl, schema: 'svc' });
});
after(() => pool?.end());

const results = (raceId: string, fleetId: string): PublicRaceResults => ({
  raceId,
  fleetId,
  raceNumber: 1,
  raceName: 'Race 1',
  raceStatus: 'finished',
  actualStart: '2026-06-01T12:00:00.000Z',
  published: false,
  results: [],
});

const counts = async (raceId: string) => {
  const { rows } = await pool.query<{ races: number; results: number }>(
    `SELECT (SELECT count(*)::int FROM races WHERE id = $1) AS races, (SELECT count(*)::int FROM race_results WHERE race_id = $1) AS results`,
    [raceId],
  );
  return rows[0];
};

test('results and progress of a deleted race arriving after race.deleted are not shown; other races are', async () => {
  const [eventId, fleetId, deleted, kept] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const progress = (raceId: string) => ({ raceId, fleetId, raceNumber: 1, status: 'finished', actualStart: '2026-06-01T12:00:00.000Z' });
  await withTransaction(pool, (client) => removeRace(client, eventId, deleted));
  await withTransaction(pool, async (client) => {
    await upsertRaceResults(client, eventId, results(deleted, fleetId), new Date());
    await recordRaceProgress(client, eventId, progress(deleted));
    await upsertRaceResults(client, eventId, results(kept, fleetId), new Date());
  });
  assert.deepEqual(await counts(deleted), { races: 0, results: 0 });
  assert.deepEqual(await counts(kept), { races: 1, results: 1 });
  // A deletion after the results removes them, as before.
  await withTransaction(pool, (client) => removeRace(client, eventId, kept));
  assert.deepEqual(await counts(kept), { races: 0, results: 0 });
});
