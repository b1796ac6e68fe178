/**
 * The unit of work of a fleet's results (fleet-change.ts) over a fake store: each lock once and in
 * order, one re-score per fleet at the end, one revision per race from the one builder, and the facts
 * queued in the declared order whatever order they were collected in.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { FleetScore } from '../../../shared/domain/fleet-scoring.js';
import type { EventProjection, FleetProjection, RaceWithProgress, ResultRow, SubmittedEntry } from '../../../shared/domain/records.js';
import type { RevisionRecord } from '../../store/revisions.js';
import { FACT_ORDER, inDeclaredOrder } from './fact-order.js';
import { changeFleets, removeUnderLocks } from './fleet-change.js';
import type { FleetChangeStore } from './fleet-store.js';
import { raceRevisionRow, stepRevisionRow, systemActor } from './revision-builder.js';

const event: EventProjection = { id: 'e1', slug: 'spring-cup', name: 'Spring Cup', organizationId: 'o1', organizationSlug: 'club', organizationName: 'Club', status: 'published', startDate: null, sourceUpdatedAt: null };
const client = {} as PoolClient;
const fact = (type: string, note = ''): Fact => ({ type, id: `${type}${note}` }) as unknown as Fact;
const actor = { userId: 'u1', keyId: null, via: 'session' };

const race = (id: string, fleetId: string, number: number, hasResults = true): RaceWithProgress =>
  ({ id, eventId: 'e1', fleetId, number, name: `Race ${number}`, status: hasResults ? 'finished' : 'scheduled', hasResults, actualStart: null }) as RaceWithProgress;

const entry = (boatId: string, seq: number, status: SubmittedEntry['status'] = 'finished', code: string | null = null): SubmittedEntry => ({
  boatId,
  seq,
  status,
  code,
  finishTime: status === 'finished' ? new Date(Date.UTC(2026, 4, 2, 11, 0, seq * 30)) : null,
  penaltyPercent: null,
  penaltyPoints: null,
  redressMethod: null,
  redressPoints: null,
  notes: null,
});

const row = (raceId: string, e: SubmittedEntry, position: number | null, points: number): ResultRow => ({ ...e, id: `${raceId}-${e.boatId}`, raceId, eventId: 'e1', fleetId: 'f1', position, elapsedSeconds: null, correctedSeconds: null, points });

/** A store that records every call and scores by a table: race id → rows after the re-score. */
function fakeStore(options: { races: Record<string, RaceWithProgress[]>; before: Record<string, ResultRow[]>; after: Record<string, ResultRow[]>; standingsChanged?: boolean }) {
  const calls: string[] = [];
  const rescored: { fleetId: string; namedRaces: readonly string[] | undefined }[] = [];
  let rescoreDone = false;
  let nextId = 1;
  const store: FleetChangeStore = {
    async lockSeriesOfEvent(_c, eventId) {
      calls.push(`lock series of ${eventId}`);
      return [];
    },
    async lockSeries(_c, seriesIds) {
      for (const id of seriesIds) calls.push(`lock series ${id}`);
    },
    async lockFleet(_c, fleetId) {
      calls.push(`lock fleet ${fleetId}`);
    },
    async changeTime() {
      calls.push('change time');
      return new Date(Date.UTC(2026, 4, 2, 12, 0, 0));
    },
    async readFleet(_c, fleetId) {
      calls.push(`read fleet ${fleetId}`);
      return { fleet: { id: fleetId, eventId: 'e1', name: fleetId } as FleetProjection, races: options.races[fleetId] ?? [] };
    },
    async raceResults(_c, raceId) {
      return (rescoreDone ? options.after : options.before)[raceId] ?? [];
    },
    async raceEntries(_c, raceId) {
      return (options.after[raceId] ?? []).map(({ boatId, seq, status, code, finishTime, penaltyPercent, penaltyPoints, redressMethod, redressPoints, notes }) => ({ boatId, seq, status, code, finishTime, penaltyPercent, penaltyPoints, redressMethod, redressPoints, notes }));
    },
    async storeResults(_c, scope, entries, revisedAt) {
      calls.push(`store ${scope.raceId} (${entries.length} entries, revised ${revisedAt ? 'now' : 'never'})`);
    },
    async markRescored(_c, raceIds) {
      calls.push(`mark rescored ${raceIds.join(',')}`);
    },
    async rescore(_c, _event, fleet, rescoreOptions) {
      calls.push(`rescore ${fleet.id}`);
      rescored.push({ fleetId: fleet.id, namedRaces: rescoreOptions.namedRaces });
      rescoreDone = true;
      const named = rescoreOptions.namedRaces ?? [];
      return {
        score: { standings: [{}, {}, {}] } as unknown as FleetScore,
        changedRaces: new Set<string>(),
        standingsChanged: options.standingsChanged ?? true,
        resultsUpdated: named.map((id) => fact('results.updated', `:${id}`)),
        standingsUpdated: fact('standings.updated', `:${fleet.id}`),
      };
    },
    async renderViews(_c, fleetId) {
      calls.push(`render ${fleetId}`);
    },
    async seriesFacts(_c, _event, _series, fleetIds) {
      calls.push(`series facts of ${fleetIds.join(',')}`);
      return [fact('split.standings.updated'), fact('series.standings.updated')];
    },
    async writeRevision(_c, scope, note, results, at, writeOptions) {
      const row = raceRevisionRow(scope, nextId, note, results.before, results.after, results.entries);
      if (writeOptions.skipUnchanged && row.changes.length === 0) return null;
      calls.push(`revision of ${scope.raceId}`);
      return { ...row, id: `rev-${nextId++}`, createdAt: at } as RevisionRecord;
    },
    async writeStepRevision(_c, scope, step, at) {
      calls.push(`${step.kind} revision of ${scope.fleetId}: ${step.raceIds.join(',')}`);
      return { ...stepRevisionRow(scope, step.kind, step.raceIds, step.reason, step.actor), id: `rev-${nextId++}`, createdAt: at } as RevisionRecord;
    },
  };
  return { store, calls, rescored };
}

function publisher() {
  const published: Fact[] = [];
  return { published, context: { publish: async (_c: unknown, f: Fact) => void published.push(f) } };
}

const a1 = entry('A', 1);
const b2 = entry('B', 2);
const c3 = entry('C', 3);

test('a submission takes the series lock and the fleet lock once each, before the change time and the one read', async () => {
  const { store, calls } = fakeStore({ races: { f1: [race('r1', 'f1', 1, false)] }, before: {}, after: { r1: [row('r1', a1, 1, 1), row('r1', b2, 2, 2)] } });
  const { context } = publisher();
  await changeFleets(context, client, { event, fleetIds: ['f1'], requestId: 'req-1' }, async (change) => {
    await change.changeResults(change.race('r1')!, [a1, b2], { kind: 'submission', reason: '', actor });
  }, store);
  assert.deepEqual(calls, ['lock series of e1', 'lock fleet f1', 'change time', 'read fleet f1', 'store r1 (2 entries, revised now)', 'rescore f1', 'revision of r1', 'series facts of f1']);
});

test('fleets named twice and out of order are locked once each, in id order', async () => {
  const { store, calls } = fakeStore({ races: {}, before: {}, after: {} });
  await changeFleets(publisher().context, client, { event, fleetIds: ['f2', 'f1', 'f2'], requestId: undefined }, async () => undefined, store);
  assert.deepEqual(calls.filter((c) => c.startsWith('lock')), ['lock series of e1', 'lock fleet f1', 'lock fleet f2']);
  // Nothing changed: nothing re-scored, nothing published.
  assert.equal(calls.some((c) => c.startsWith('rescore')), false);
});

test('a removal takes the same locks once each, in id order, and reads, scores and queues nothing', async () => {
  const { store, calls } = fakeStore({ races: {}, before: {}, after: {} });
  await removeUnderLocks(client, { eventId: 'e1', fleetIds: ['f2', 'f1', 'f2'] }, async () => void calls.push('remove'), store);
  assert.deepEqual(calls, ['lock series of e1', 'lock fleet f1', 'lock fleet f2', 'remove']);
  calls.length = 0;
  await removeUnderLocks(client, { seriesIds: ['s2', 's1', 's2'] }, async () => void calls.push('remove'), store);
  assert.deepEqual(calls, ['lock series s1', 'lock series s2', 'remove']);
});

test('the facts are queued in the declared order whatever order the use case recorded them in', async () => {
  const { store } = fakeStore({ races: { f1: [race('r1', 'f1', 1, false)] }, before: {}, after: { r1: [row('r1', a1, 1, 1)] } });
  const { context, published } = publisher();
  await changeFleets(context, client, { event, fleetIds: ['f1'], requestId: undefined }, async (change) => {
    change.publish(fact('race.completed'));
    await change.changeResults(change.race('r1')!, [a1], { kind: 'submission', reason: '', actor });
    change.publish(fact('race.started'));
  }, store);
  assert.deepEqual(
    published.map((f) => f.type),
    ['race.started', 'results.updated', 'race.completed', 'standings.updated', 'series.standings.updated', 'split.standings.updated', 'results.revised'],
  );
  assert.deepEqual(FACT_ORDER.slice(0, 7), published.map((f) => f.type));
});

test('publishing and making official take each lock once, write the step revisions and render each fleet once, facts last in the declared order', async () => {
  const { store, calls, rescored } = fakeStore({ races: { f1: [race('r1', 'f1', 1), race('r2', 'f1', 2)], f2: [race('r3', 'f2', 1)] }, before: {}, after: {} });
  const { context, published } = publisher();
  await changeFleets(context, client, { event, fleetIds: ['f2', 'f1'], requestId: undefined }, async (change) => {
    change.recordStep('f2', { kind: 'official', raceIds: ['r3'], reason: '', actor });
    change.publish(fact('results.published'));
    change.publish(fact('results.official', ':f2'));
    change.recordStep('f1', { kind: 'posted', raceIds: ['r1', 'r2'], reason: 'Notice board 14:05.', actor });
    change.publish(fact('results.posted', ':f1'));
  }, store);
  assert.deepEqual(calls, [
    'lock series of e1',
    'lock fleet f1',
    'lock fleet f2',
    'change time',
    'read fleet f1',
    'read fleet f2',
    'posted revision of f1: r1,r2',
    'render f1',
    'official revision of f2: r3',
    'render f2',
  ]);
  // A publication step changes no numbers: nothing re-scored, no standings or series facts.
  assert.deepEqual(rescored, []);
  assert.deepEqual(published.map((f) => f.id), ['results.posted:f1', 'results.official:f2', 'results.published']);
});

test('a decision on two races of one fleet re-scores the fleet once and writes one revision per race', async () => {
  // Race 1: A 1st (1 point), B 2nd (2), C 3rd (3); A disqualified: B 1, C 2, A DSQ 4 (3 boats + 1).
  // Race 2: B 1st, A 2nd, C 3rd; C gets 20 % (scoring penalty): unchanged places in this fake.
  const { store, calls, rescored } = fakeStore({
    races: { f1: [race('r1', 'f1', 1), race('r2', 'f1', 2)] },
    before: { r1: [row('r1', a1, 1, 1), row('r1', b2, 2, 2), row('r1', c3, 3, 3)], r2: [row('r2', b2, 1, 1), row('r2', a1, 2, 2), row('r2', c3, 3, 3)] },
    after: {
      r1: [row('r1', b2, 1, 1), row('r1', c3, 2, 2), row('r1', entry('A', 1, 'dsq', 'DSQ'), null, 4)],
      r2: [row('r2', b2, 1, 1), row('r2', a1, 2, 2), row('r2', { ...c3, penaltyPercent: 20 }, 3, 3.8)],
    },
  });
  const { context, published } = publisher();
  const done = await changeFleets(context, client, { event, fleetIds: ['f1'], requestId: undefined }, async (change) => {
    const note = { kind: 'decision' as const, reason: 'Decision of protest 3', actor, decisionId: 'd3' };
    await change.changeResults(change.race('r1')!, [entry('A', 1, 'dsq', 'DSQ'), b2, c3], note);
    await change.changeResults(change.race('r2')!, [b2, a1, { ...c3, penaltyPercent: 20 }], note);
  }, store);
  assert.deepEqual(rescored, [{ fleetId: 'f1', namedRaces: ['r1', 'r2'] }]);
  assert.equal(calls.filter((c) => c === 'lock fleet f1').length, 1);
  const r1 = done.revisions.get('r1')!;
  assert.equal(r1.decisionId, 'd3');
  assert.deepEqual(
    r1.changes.map((c) => [c.boatId, c.before?.points ?? null, c.after?.points ?? null, c.after?.code ?? null]),
    [['B', 2, 1, null], ['C', 3, 2, null], ['A', 1, 4, 'DSQ']],
  );
  assert.deepEqual(done.revisions.get('r2')!.changes.map((c) => [c.boatId, c.before?.points, c.after?.points, c.after?.penaltyPercent]), [['C', 3, 3.8, 20]]);
  // One standings.updated for the fleet, two results.updated and two results.revised, revisions last.
  assert.deepEqual(published.map((f) => f.type), ['results.updated', 'results.updated', 'standings.updated', 'series.standings.updated', 'split.standings.updated', 'results.revised', 'results.revised']);
});

test('a re-score after an entry change records only the races whose numbers moved, quietly when the standings stand', async () => {
  const { store, calls } = fakeStore({
    races: { f1: [race('r1', 'f1', 1), race('r2', 'f1', 2), race('r3', 'f1', 3, false)] },
    before: { r1: [row('r1', a1, 1, 1), row('r1', b2, 2, 2)], r2: [row('r2', a1, 1, 1), row('r2', b2, 2, 2)] },
    // B retired from the regatta: race 1 unchanged, race 2 B's DNF moves from 2 to 3 points.
    after: { r1: [row('r1', a1, 1, 1), row('r1', b2, 2, 2)], r2: [row('r2', a1, 1, 1), row('r2', b2, 2, 3)] },
    standingsChanged: false,
  });
  const { context, published } = publisher();
  const done = await changeFleets(context, client, { event, fleetIds: ['f1'], requestId: undefined }, async (change) =>
    change.rescore('f1', { revisions: 'moved-races', reason: 'entries changed', actor: systemActor('u9') }), store);
  assert.deepEqual([...done.revisions.keys()], ['r2']);
  assert.deepEqual(done.revisions.get('r2')!.changes.map((c) => [c.boatId, c.before?.points, c.after?.points]), [['B', 2, 3]]);
  assert.equal(done.revisions.get('r2')!.via, 'system');
  assert.deepEqual(calls.slice(-3), ['revision of r2', 'mark rescored r2', 'render f1']);
  assert.deepEqual(published.map((f) => f.type), ['results.revised']);
});

test('a set-up change records every race with results, marks them before the re-score and always publishes the standings', async () => {
  const { store, calls, rescored } = fakeStore({
    races: { f1: [race('r1', 'f1', 1), race('r2', 'f1', 2), race('r3', 'f1', 3, false)] },
    before: { r1: [row('r1', a1, 1, 1)], r2: [row('r2', a1, 1, 1)] },
    after: { r1: [row('r1', a1, 1, 1)], r2: [row('r2', a1, 1, 0.75)] },
    standingsChanged: false,
  });
  const { context, published } = publisher();
  const done = await changeFleets(context, client, { event, fleetIds: ['f1'], requestId: undefined }, async (change) =>
    change.rescore('f1', { revisions: 'every-race', reason: 'fleet set-up changed by Ann', actor: systemActor('u2') }), store);
  assert.deepEqual(calls.indexOf('mark rescored r1,r2') < calls.indexOf('rescore f1'), true);
  assert.deepEqual(rescored, [{ fleetId: 'f1', namedRaces: ['r1', 'r2'] }]);
  assert.deepEqual([...done.revisions.keys()], ['r1', 'r2']);
  assert.deepEqual(done.revisions.get('r1')!.changes, []);
  assert.deepEqual(published.map((f) => f.type), ['results.updated', 'results.updated', 'standings.updated', 'series.standings.updated', 'split.standings.updated', 'results.revised', 'results.revised']);
});

test('an import batch stores results and revisions without re-scoring or results.revised', async () => {
  const { store, calls } = fakeStore({ races: {}, before: {}, after: {} });
  const { context, published } = publisher();
  const done = await changeFleets(context, client, { event, fleetIds: ['f1'], requestId: undefined, batch: true }, async (change) => {
    await change.changeResults({ id: 'r1', fleetId: 'f1', status: 'finished' }, [a1, b2], { kind: 'submission', reason: 'Imported from Sailwave file cup.blw', actor });
  }, store);
  assert.deepEqual(calls, ['lock series of e1', 'lock fleet f1', 'change time', 'store r1 (2 entries, revised never)', 'revision of r1']);
  assert.equal(done.revisions.get('r1')!.seq, 1);
  assert.deepEqual(published, []);
});

test('a race removed with its results is recorded first (A 1, B 2 → nothing), then the moved races, and not named to the re-score', async () => {
  const { store, calls, rescored } = fakeStore({
    races: { f1: [race('r1', 'f1', 1), race('r2', 'f1', 2)] },
    before: { r2: [row('r2', a1, 1, 1), row('r2', b2, 2, 2)] },
    // Race 1 deleted: race 2 unchanged here, so only the removal is recorded.
    after: { r2: [row('r2', a1, 1, 1), row('r2', b2, 2, 2)] },
    standingsChanged: true,
  });
  const { context, published } = publisher();
  const done = await changeFleets(context, client, { event, fleetIds: ['f1'], requestId: undefined }, async (change) => {
    change.recordRemoval({ id: 'r1', fleetId: 'f1' }, { results: [row('r1', a1, 1, 1), row('r1', b2, 2, 2)], entries: [a1, b2] }, { kind: 'correction', reason: 'race 1 deleted with its results', actor: systemActor('u3') });
    change.rescore('f1', { revisions: 'moved-races', reason: 'race 1 deleted with its results', actor: systemActor('u3') });
  }, store);
  assert.deepEqual(calls.slice(calls.indexOf('read fleet f1') + 1), ['revision of r1', 'rescore f1', 'series facts of f1']);
  assert.deepEqual(rescored, [{ fleetId: 'f1', namedRaces: undefined }]);
  assert.deepEqual(done.revisions.get('r1')!.changes.map((c) => [c.boatId, c.before?.points, c.after]), [['A', 1, null], ['B', 2, null]]);
  assert.deepEqual(done.revisions.get('r1')!.entries!.map((e) => e.boatId), ['A', 'B']);
  assert.deepEqual(published.map((f) => f.type), ['standings.updated', 'series.standings.updated', 'split.standings.updated', 'results.revised']);
});

test('a change to a fleet the unit did not lock is refused', async () => {
  const { store } = fakeStore({ races: {}, before: {}, after: {} });
  await assert.rejects(
    changeFleets(publisher().context, client, { event, fleetIds: ['f1'], requestId: undefined }, async (change) => change.rescore('f2', { revisions: 'none' }), store),
    /fleet f2 is not locked/,
  );
});

test('the revision builder: a race change lists per boat before → after with the entries; a step names races, no results', () => {
  const before = [row('r1', a1, 1, 1), row('r1', b2, 2, 2)];
  const after = [row('r1', b2, 1, 1), row('r1', { ...a1, status: 'dsq', code: 'DSQ', finishTime: null }, null, 3)];
  const revision = raceRevisionRow({ eventId: 'e1', fleetId: 'f1', raceId: 'r1' }, 4, { kind: 'decision', reason: 'Decision of protest 3', actor, decisionId: 'd3' }, before, after, [b2, { ...a1, status: 'dsq', code: 'DSQ', finishTime: null }]);
  assert.equal(revision.seq, 4);
  assert.deepEqual(revision.raceIds, ['r1']);
  assert.deepEqual(revision.changes.map((c) => [c.boatId, c.before?.position, c.before?.points, c.after?.position, c.after?.points, c.after?.code]), [
    ['B', 2, 2, 1, 1, null],
    ['A', 1, 1, null, 3, 'DSQ'],
  ]);
  assert.equal(revision.entries![0]!.finishTime, '2026-05-02T11:01:00.000Z');
  assert.deepEqual([revision.userId, revision.keyId, revision.via, revision.revertedTo], ['u1', null, 'session', null]);
  const step = stepRevisionRow({ eventId: 'e1', fleetId: 'f1' }, 'official', ['r1', 'r2'], 'Made official for the whole event.', actor);
  assert.deepEqual([step.raceId, step.raceIds, step.seq, step.kind, step.changes, step.entries], [null, ['r1', 'r2'], null, 'official', [], null]);
});

test('a fact type the unit does not declare is refused; within a type the collected order stands', () => {
  assert.throws(() => inDeclaredOrder([fact('decision.published')]), /does not publish decision.published/);
  const ordered = inDeclaredOrder([fact('results.revised', ':2'), fact('results.updated', ':1'), fact('results.revised', ':1'), fact('results.updated', ':2')]);
  assert.deepEqual(ordered.map((f) => f.id), ['results.updated:1', 'results.updated:2', 'results.revised:2', 'results.revised:1']);
});

test("a projection's copy is written under the locks, before the one read, and its re-score is the unit's", async () => {
  // fleet.updated with a new set-up for f1, whose race 1 has results A 1, B 2: the copy is written after
  // the series and fleet locks and the change time, the fleet read once after it (the re-score scores
  // the new set-up), then re-scored once with a revision of race 1 (A 1 → 2, B 2 → 1).
  const { store, calls } = fakeStore({
    races: { f1: [race('r1', 'f1', 1)] },
    before: { r1: [row('r1', a1, 1, 1), row('r1', b2, 2, 2)] },
    after: { r1: [row('r1', b2, 1, 1), row('r1', a1, 2, 2)] },
  });
  const { context, published } = publisher();
  await changeFleets(
    context,
    client,
    { event, fleetIds: ['f1'], requestId: undefined, beforeRead: async () => void calls.push('write the copy') },
    async (change) => change.rescore('f1', { revisions: 'every-race', reason: 'fleet set-up changed by Ann', actor: systemActor(null) }),
    store,
  );
  assert.deepEqual(calls, ['lock series of e1', 'lock fleet f1', 'change time', 'write the copy', 'read fleet f1', 'mark rescored r1', 'rescore f1', 'revision of r1', 'series facts of f1']);
  assert.deepEqual(published.map((f) => f.type), ['results.updated', 'standings.updated', 'series.standings.updated', 'split.standings.updated', 'results.revised']);
});
