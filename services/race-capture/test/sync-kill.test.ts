/**
 * A committee device's queue survives the service dying mid-sync: race-capture is SIGKILLed while a
 * batch of 300 finishes is being taken (after some records are committed, before all are), the
 * device retries the same batch once the service is back, and the server holds every record exactly
 * once, with exactly one finish.recorded fact each. A stack of its own (slot CAPTURE_FAULT_SLOT,
 * default 14), since it kills a process.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { ApiClient, deleteTopics, infraFromEnv, startStack, type RunningStack } from '@regatta/testing';
import { buildRegatta, enrolDevice, finish, ok, signal } from './support.js';

// Ports stay below the ephemeral range (32768 and up), where client sockets could take them: slot <= 14.
const slot = Number(process.env['CAPTURE_FAULT_SLOT'] ?? 14);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let stack: RunningStack;
let api: ApiClient;
let db: pg.Pool;

before(async () => {
  stack = await startStack({ slot, databaseName: `regatta_test_capture_fault_${slot}`, only: ['identity', 'organizations', 'events', 'race-capture', 'gateway'] });
  api = new ApiClient(stack.gatewayUrl);
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
});

after(async () => {
  await db?.end();
  await stack?.stop();
  if (stack) await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
});

const count = async (sql: string): Promise<number> => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);

test('SIGKILL during a batch sync: after the retry nothing is lost or doubled', { timeout: 180_000 }, async () => {
  const regatta = await buildRegatta(api, { boats: 30, races: 1 });
  const raceId = regatta.raceIds[0]!;
  const device = await enrolDevice(api, regatta);
  const start = new Date(Date.now() - 2 * 3_600_000);
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal([raceId], 'start', start), { key: device.token }), 201);
  const records = Array.from({ length: 300 }, (_, index) => ({
    type: 'finish',
    record: finish(raceId, regatta.entries[index % 30]!.sailNumber, new Date(start.getTime() + 600_000 + index * 1_250), { id: randomUUID() }),
  }));
  const send = () =>
    fetch(`${stack.gatewayUrl}/api/v1/events/${regatta.slug}/capture/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ records }),
    });

  const inFlight = send().then(
    (response) => response.status,
    () => 0,
  );
  // Kill once the batch is under way: some records committed, not all.
  const deadline = Date.now() + 20_000;
  while ((await count('SELECT count(*) AS n FROM race_capture.finish_records')) === 0 && Date.now() < deadline) await sleep(5);
  await stack.kill('race-capture', 'SIGKILL');
  const status = await inFlight;
  assert.notEqual(status, 200, 'the first attempt did not complete');
  const kept = await count('SELECT count(*) AS n FROM race_capture.finish_records');
  assert.ok(kept > 0 && kept < 300, `some but not all records were kept before the kill (${kept})`);

  await stack.start('race-capture');
  let answer: { results: Array<{ id: string; outcome: string }> } | undefined;
  for (let attempt = 0; attempt < 20 && !answer; attempt += 1) {
    const response = await send();
    if (response.status === 200) answer = (await response.json()) as typeof answer;
    else await sleep(250);
  }
  assert.ok(answer, 'the retry was answered');
  assert.deepEqual(answer.results.map((result) => result.id), records.map((entry) => entry.record.id), 'one result per record, in order');
  const outcomes = answer.results.reduce<Record<string, number>>((tally, result) => ({ ...tally, [result.outcome]: (tally[result.outcome] ?? 0) + 1 }), {});
  assert.deepEqual(outcomes, { replayed: kept, recorded: 300 - kept });

  assert.equal(await count('SELECT count(*) AS n FROM race_capture.finish_records'), 300);
  assert.equal(await count(`SELECT count(DISTINCT id) AS n FROM race_capture.finish_records`), 300);
  assert.equal(await count(`SELECT count(*) AS n FROM race_capture.outbox WHERE headers->>'fact-type' = 'finish.recorded'`), 300, 'one fact per record');
  const log = await ok(api.get(`/api/v1/events/${regatta.slug}/races/${raceId}/capture/log`, { key: device.token }));
  assert.equal(log.data.finishes.length, 300);
});
