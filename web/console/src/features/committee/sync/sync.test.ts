import 'fake-indexeddb/auto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CommitteeDb, addRecord, readClock, type CaptureRecord } from '../store/db';
import { syncPass, type CaptureTransport, type SyncResult } from './sync';
import type { WireRecord } from './wire';

const finish = (startId: string, registrationId: string, deviceAt: number): CaptureRecord => ({
  id: randomUUID(), slug: 'harbour-week', startId, type: 'finish', kind: 'finish', raceId: 'race-1', registrationId, deviceAt, clockOffsetMs: null, state: 'pending',
});

/** A server whose clock is 4 s ahead of the device's, that keeps records by id (idempotent), and can fail. */
function fakeServer() {
  const stored = new Map<string, string>();
  let failNext = false;
  const bodies: WireRecord[][] = [];
  const transport: CaptureTransport = {
    async serverTime() {
      return Date.now() + 4_000;
    },
    async sync(records) {
      bodies.push(records);
      if (failNext) {
        failNext = false;
        // The server stored them, then the connection dropped before the answer arrived.
        for (const r of records) stored.set(r.record.id, JSON.stringify(r));
        throw new TypeError('Failed to fetch');
      }
      const results: SyncResult[] = records.map((r) => {
        const body = JSON.stringify(r);
        const before = stored.get(r.record.id);
        if (before === undefined) {
          stored.set(r.record.id, body);
          return { id: r.record.id, outcome: 'recorded' };
        }
        return before === body ? { id: r.record.id, outcome: 'replayed' } : { id: r.record.id, outcome: 'rejected', problem: { code: 'capture_id_conflict' } };
      });
      return { serverTime: Date.now() + 4_000, results };
    },
  };
  return { transport, stored, bodies, failOnce: () => (failNext = true) };
}

test('a pass measures the offset, applies it to the records and marks them sent', async () => {
  const db = new CommitteeDb(`t-${randomUUID()}`);
  const server = fakeServer();
  const tap = Date.UTC(2026, 6, 12, 14, 32, 7, 400);
  await addRecord(db, finish('s1', 'A', tap));
  const report = await syncPass(db, 'harbour-week', server.transport);
  assert.equal(report.sent, 1);
  assert.ok(Math.abs(report.offsetMs - 4_000) < 50, `offset ${report.offsetMs}`);
  const wire = server.bodies[0]![0]!.record as { at: string; deviceAt: string; clockOffsetMs: number };
  assert.equal(wire.deviceAt, '2026-07-12T14:32:07.400Z', 'the device time as read');
  assert.equal(Date.parse(wire.at) - tap, wire.clockOffsetMs, 'at = device time + offset');
  assert.equal((await db.records.toArray())[0]!.state, 'sent');
  assert.ok((await readClock(db))!.offsetMs > 3_900);
});

test('a pass whose answer is lost is retried with the same bodies: the server holds each record once', async () => {
  const db = new CommitteeDb(`t-${randomUUID()}`);
  const server = fakeServer();
  for (const [i, boat] of ['A', 'B', 'C'].entries()) await addRecord(db, finish('s1', boat, Date.now() - 60_000 + i * 1_000));
  server.failOnce();
  await assert.rejects(syncPass(db, 'harbour-week', server.transport));
  assert.equal((await db.records.toArray()).filter((r) => r.state === 'pending').length, 3, 'nothing left the queue unanswered');
  const retry = await syncPass(db, 'harbour-week', server.transport);
  assert.equal(retry.sent, 3);
  assert.equal(server.stored.size, 3);
  assert.deepEqual(server.bodies[1], server.bodies[0], 'the retry sent the very same bodies (offset fixed before the first sending)');
});

test('a rejected record leaves the queue marked with its problem; the others are sent', async () => {
  const db = new CommitteeDb(`t-${randomUUID()}`);
  const server = fakeServer();
  const refused = await addRecord(db, finish('s1', 'A', Date.now()));
  server.stored.set(refused.id, 'another body');
  await addRecord(db, finish('s1', 'B', Date.now()));
  const report = await syncPass(db, 'harbour-week', server.transport);
  assert.deepEqual([report.sent, report.rejected], [1, 1]);
  const stored = await db.records.get(refused.id);
  assert.equal(stored?.state, 'rejected');
  assert.equal(stored?.problem?.code, 'capture_id_conflict');
});

test('records keep the order they were made in', async () => {
  const db = new CommitteeDb(`t-${randomUUID()}`);
  const a = await addRecord(db, finish('s1', 'A', 3));
  const b = await addRecord(db, finish('s1', 'B', 1));
  assert.ok((b.seq ?? 0) > (a.seq ?? 0));
});

test('the loop retries a failed pass after a second, and says so meanwhile', async () => {
  const { SyncLoop } = await import('./sync');
  const db = new CommitteeDb(`t-${randomUUID()}`);
  const server = fakeServer();
  await addRecord(db, finish('s1', 'A', Date.now()));
  server.failOnce();
  const loop = new SyncLoop(db, 'harbour-week', server.transport, 60_000);
  const seen: Array<{ lastError: string | null; nextRetryAt: number | null; lastSyncAt: number | null }> = [];
  const synced = new Promise<void>((resolve) => loop.subscribe((status) => {
    seen.push(status);
    if (status.lastSyncAt !== null) resolve();
  }));
  const started = Date.now();
  loop.start();
  await synced;
  loop.stop();
  const failure = seen.find((s) => s.lastError !== null);
  assert.ok(failure, 'the failure was shown');
  assert.ok(failure.nextRetryAt! - started >= 900 && failure.nextRetryAt! - started < 2_500, `retry after about 1 s, not ${failure.nextRetryAt! - started} ms`);
  assert.equal((await db.records.toArray())[0]!.state, 'sent');
  assert.equal(server.stored.size, 1);
});

test('tally movements wait on the device and are sent once, in order, with the id and time of the tap', async () => {
  const { addMovement } = await import('../store/db');
  const db = new CommitteeDb(`t-${randomUUID()}`);
  const server = fakeServer();
  const held = new Map<string, string>();
  let dropAnswer = true;
  server.transport.move = async (body) => {
    const before = held.get(body.id);
    if (before !== undefined && before !== JSON.stringify(body)) throw Object.assign(new Error('conflict'), { status: 409, code: 'capture_id_conflict' });
    held.set(body.id, JSON.stringify(body));
    if (body.registrationId === 'unknown') throw Object.assign(new Error('Not a boat of this regatta'), { status: 422, code: 'unknown_boat' });
    if (dropAnswer) {
      dropAnswer = false;
      throw new TypeError('Failed to fetch');
    }
  };
  // Tapped at 10:00:00.000 on a phone 1.5 s slow: the server's clock read 10:00:01.500.
  const tapped = Date.UTC(2027, 5, 12, 10, 0, 0);
  const out = await addMovement(db, { id: randomUUID(), slug: 'harbour-week', registrationId: 'A', kind: 'out', boat: 'GER 1', madeAt: tapped, clockOffsetMs: 1_500, state: 'pending' });
  // Tapped before the clock was ever measured: the first pass fixes the offset it measures into it.
  const unmeasured = await addMovement(db, { id: randomUUID(), slug: 'harbour-week', registrationId: 'unknown', kind: 'out', boat: 'GER 9', madeAt: tapped + 60_000, state: 'pending' });
  await assert.rejects(syncPass(db, 'harbour-week', server.transport), 'the lost answer fails the pass');
  assert.equal((await db.movements.get(out.id))?.state, 'pending', 'unanswered: still queued');
  const report = await syncPass(db, 'harbour-week', server.transport);
  assert.deepEqual([report.sent, report.rejected], [1, 1]);
  assert.equal(held.size, 2, 'the resend of GER 1 was the same movement');
  assert.equal((await db.movements.get(out.id))?.state, 'sent');
  assert.equal(JSON.parse(held.get(out.id)!).at, '2027-06-12T10:00:01.500Z', 'sent with the time of the tap, not of the sync');
  const fixedOffset = (await db.movements.get(unmeasured.id))?.clockOffsetMs;
  assert.equal(typeof fixedOffset, 'number');
  assert.equal(JSON.parse(held.get(unmeasured.id)!).at, new Date(tapped + 60_000 + fixedOffset!).toISOString());
  const refused = (await db.movements.toArray()).find((m) => m.registrationId === 'unknown');
  assert.deepEqual([refused?.state, refused?.problem?.code], ['rejected', 'unknown_boat']);
});
