/**
 * Notifications benchmark (part of npm run bench). Starts its own stack (slot BENCH_SLOT, default 5;
 * identity, organizations, events, race-capture, notifications, gateway) against the local Mailpit
 * and prints, on this machine:
 *   1. a notice posted through the gateway to a regatta of BENCH_ENTRANTS (default 2,000) entrants:
 *      the time until the message is decided for every one of them (outbox rows committed, target
 *      <= 10 s) and until the SMTP server has accepted all of them (target <= 60 s). The entrants are
 *      accounts written straight into identity's table and entries into the notifications service's
 *      projection (signing 2,000 people up through the API would take minutes of scrypt and measure
 *      nothing of notifications); the regatta, the notice and everything after it go the real way;
 *   2. a starting penalty (OCS) recorded on the water through the gateway -> the e-mail accepted by
 *      the SMTP server (Mailpit's receipt time): p50/p95 over BENCH_ROUNDS (default 20), target p95
 *      <= 5 s. These entrants are real accounts entered through the API.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { ApiClient, deleteTopics, infraFromEnv, mailTo, startStack, uniqueSuffix, type RunningStack } from '@regatta/testing';
import { enterSailors, entriesProjected, newRegatta, ok } from '../test/helpers.js';

const slot = Number(process.env['BENCH_SLOT'] ?? 5);
const ENTRANTS = Number(process.env['BENCH_ENTRANTS'] ?? 2_000);
const rounds = Math.min(40, Math.max(4, Number(process.env['BENCH_ROUNDS'] ?? 20)));
const out = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

out(`starting a stack on slot ${slot} (${os.cpus().length} cores, load generator and every process on this machine)...`);
const stack: RunningStack = await startStack({
  slot,
  only: ['identity', 'organizations', 'events', 'race-capture', 'notifications', 'gateway'],
  env: { RATE_LIMIT_DEFAULT: '100000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' },
});
const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 4 });
try {
  const api = new ApiClient(stack.gatewayUrl);

  // 1. A notice to 2,000 entrants.
  const regatta = await newRegatta({ api });
  await entriesProjected(regatta.event.id, 0, 10_000, stack.databaseUrl);
  const tag = uniqueSuffix();
  const users = Array.from({ length: ENTRANTS }, (_, i) => ({ id: randomUUID(), email: `bench-${tag}-${i}@example.org`, name: `Bench Sailor ${i + 1}` }));
  await db.query(
    `INSERT INTO identity.users (id, email, name, password_hash) SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
    [users.map((u) => u.id), users.map((u) => u.email), users.map((u) => u.name), users.map(() => 'not-a-password-hash')],
  );
  await db.query(
    `INSERT INTO notifications.entries (registration_id, event_id, fleet_id, user_id, boat_id, boat_name, sail_number, status)
     SELECT gen_random_uuid(), $1, $2, u, NULL, 'Bench boat', NULL, 'registered' FROM unnest($3::uuid[]) AS u`,
    [regatta.event.id, regatta.fleet.id, users.map((u) => u.id)],
  );
  out(`regatta ${regatta.event.slug}: ${ENTRANTS} entrants`);
  const title = `Bench notice ${tag}`;
  const t0 = Date.now();
  await ok(api.post(`/api/v1/events/${regatta.event.slug}/documents`, { kind: 'notice', title, body: 'Start postponed by one hour.' }, { key: regatta.organizer.key }), 201);
  const count = async (where: string) =>
    Number((await db.query(`SELECT count(*) AS n FROM notifications.messages WHERE kind = 'notice' AND event_id = $1 AND ${where}`, [regatta.event.id])).rows[0].n);
  let decidedMs = NaN;
  for (let deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(20)) {
    if ((await count('true')) >= ENTRANTS) {
      decidedMs = Date.now() - t0;
      break;
    }
  }
  let handedMs = NaN;
  for (let deadline = Date.now() + 300_000; Date.now() < deadline; await sleep(100)) {
    if ((await count(`status = 'sent'`)) >= ENTRANTS) {
      const last = (await db.query(`SELECT max(sent_at) AS at FROM notifications.messages WHERE kind = 'notice' AND event_id = $1`, [regatta.event.id])).rows[0].at as Date;
      handedMs = last.getTime() - t0;
      break;
    }
  }
  const failed = await count(`status = 'failed'`);
  out(`notifications notice to ${ENTRANTS} entrants: decided for all in ${decidedMs} ms (target <= 10000 ms), accepted by the SMTP server for all in ${handedMs} ms (target <= 60000 ms), ${failed} failed`);
  const sample = await mailTo(users[ENTRANTS - 1]!.email);
  out(`notifications mailpit check: the last entrant holds ${sample.filter((m) => m.Subject.includes(title)).length} copy of the notice`);

  // 2. A starting penalty recorded on the water -> the e-mail accepted by the SMTP server.
  const boats = Math.ceil(rounds / 2);
  const water = await newRegatta({ api });
  const entrants = await enterSailors(water, boats, 4);
  const raceIds: string[] = [];
  for (const raceNumber of [1, 2]) {
    raceIds.push((await ok(api.post(`/api/v1/events/${water.event.slug}/races`, { fleetId: water.fleet.id, raceNumber }, { key: water.organizer.key }), 201)).data.id);
  }
  await entriesProjected(water.event.id, boats, 30_000, stack.databaseUrl);
  // Each entrant's confirmation first, so the queue is empty when the penalties come.
  for (const entrant of entrants) {
    for (let deadline = Date.now() + 30_000; Date.now() < deadline && (await mailTo(entrant.email)).length === 0; ) await sleep(100);
  }
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const entrant = entrants[round % boats]!;
    const raceId = raceIds[Math.floor(round / boats) % raceIds.length]!;
    const sent = Date.now();
    await ok(
      api.post(`/api/v1/events/${water.event.slug}/capture/finishes`, { id: randomUUID(), raceId, kind: 'code', code: 'OCS', sailNumber: entrant.sailNumber }, { key: water.organizer.key }),
      201,
    );
    let accepted = NaN;
    for (let deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(50)) {
      const penalties = (await mailTo(entrant.email)).filter((m) => m.Subject.includes('OCS recorded'));
      if (penalties.length > Math.floor(round / boats)) {
        accepted = Math.max(...penalties.map((m) => Date.parse(m.Created))) - sent;
        break;
      }
    }
    latencies.push(accepted);
  }
  out(`notifications penalty recorded -> e-mail accepted (${rounds} rounds): p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${Math.max(...latencies)} ms (target p95 <= 5000 ms)`);
} finally {
  await db.end();
  await stack.stop();
  await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
}
