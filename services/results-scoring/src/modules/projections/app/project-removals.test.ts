/**
 * The removals of what the events service deleted (a fleet, a series, an event, a race of an event not
 * projected) take the locks every change of a fleet's results takes, through the unit of work's one
 * lock-taking function: each lock once, the series before the fleets, each in id order, and every lock
 * before the first row is removed. Counted on the SQL the use cases send, over a client that answers
 * from a small table (series s1 and s2 list event e1; e1 has fleets f2 and f1).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PoolClient } from '@regatta/db';
import { projectFleetDeleted } from './project-fleet.js';
import { projectEventDeleted, projectRaceDeleted, projectSeriesDeleted } from './project-removals.js';

const seriesRow = (id: string) => ({ id, organization_id: 'o1', slug: id, name: id, year: 2026, event_ids: ['e1'], scoring_rule: 'sum_of_net', best_of: null, created_at: null });
const fleetRow = (id: string) => ({ id, event_id: 'e1', name: id, scoring_system: 'low_point', drop_races: 0, handicap_system: 'one_design', handicap_params: {}, penalty_basis: 'series_entries', discard_thresholds: [] });

/** A client that records each lock (by key) and each removal, in order, and answers the reads of the table above. */
function recordingClient() {
  const log: string[] = [];
  const client = {
    async query(sql: string, params: unknown[] = []) {
      if (sql.includes('pg_advisory_xact_lock')) log.push(`lock ${String(params[0]).replace('results-scoring:', '')}`);
      else if (/^\s*DELETE FROM (\w+)/.test(sql)) log.push(`delete ${/^\s*DELETE FROM (\w+)/.exec(sql)![1]}`);
      if (/FROM series WHERE event_ids/.test(sql)) return { rows: params[0] === 'e1' ? [seriesRow('s2'), seriesRow('s1')] : [] };
      if (/FROM fleets WHERE event_id/.test(sql)) return { rows: params[0] === 'e1' ? [fleetRow('f2'), fleetRow('f1')] : [] };
      return { rows: [] };
    },
  } as unknown as PoolClient;
  const locks = () => log.filter((line) => line.startsWith('lock '));
  /** Every lock is taken before the first row goes. */
  const lockedFirst = () => log.findIndex((line) => line.startsWith('delete ')) > log.findLastIndex((line) => line.startsWith('lock '));
  return { client, log, locks, lockedFirst };
}

const context = { publish: async () => assert.fail('a removal queues no fact') } as never;

test('fleet.deleted: the series containing the event, then the fleet, each locked once before its rows go', async () => {
  const { client, locks, lockedFirst } = recordingClient();
  await projectFleetDeleted(client, 'f1', 'e1');
  assert.deepEqual(locks(), ['lock series:s1', 'lock series:s2', 'lock fleet:f1']);
  assert.ok(lockedFirst());
});

test('series.deleted: the series alone, locked once', async () => {
  const { client, locks, log } = recordingClient();
  await projectSeriesDeleted(client, 's1');
  assert.deepEqual(locks(), ['lock series:s1']);
  assert.deepEqual(log.slice(1), ['delete series_views', 'delete series']);
});

test("event.deleted: the event's series, then each of its fleets in id order, once each, before anything is removed", async () => {
  const { client, locks, lockedFirst } = recordingClient();
  await projectEventDeleted(client, 'e1');
  assert.deepEqual(locks(), ['lock series:s1', 'lock series:s2', 'lock fleet:f1', 'lock fleet:f2']);
  assert.ok(lockedFirst());
});

test('race.deleted of an event not projected: the fleet locked once, its views rendered under that lock', async () => {
  const { client, locks, log } = recordingClient();
  await projectRaceDeleted(context, client, { id: 'r1', eventId: 'e9', fleetId: 'f1' }, {});
  assert.deepEqual(locks(), ['lock fleet:f1']);
  assert.deepEqual(log.slice(1, 4), ['delete race_results', 'delete race_progress', 'delete races']);
});
