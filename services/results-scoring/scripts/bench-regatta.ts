// Shared by the scoring benchmarks that run a stack: the stack's start and stop, and a published
// one-design regatta built through the gateway as an organizer would (one fleet, its races, its entries).
import { ApiClient, createOrganization, deleteTopics, infraFromEnv, newActor, startStack, uniqueSuffix } from '@regatta/testing';

export interface BenchRegatta {
  api: ApiClient;
  key: string;
  slug: string;
  /** Race ids in race-number order. */
  races: string[];
  /** Boat ids in entry order. */
  boats: string[];
  /** Every race's scheduled and actual start. */
  start: Date;
  /** The answer's body when it has the status, else throws with the answer's text. */
  ok(promise: Promise<{ status: number; body: any; text: string }>, status?: number): Promise<any>;
}

export async function benchRegatta(gatewayUrl: string, options: { name: string; boats: number; races: number }): Promise<BenchRegatta> {
  const api = new ApiClient(gatewayUrl);
  const actor = await newActor(api);
  const key = actor.key;
  const ok = async (promise: Promise<{ status: number; body: any; text: string }>, status = 200) => {
    const answer = await promise;
    if (answer.status !== status) throw new Error(`${answer.status} ${answer.text.slice(0, 300)}`);
    return answer.body;
  };
  const org = await createOrganization(api, actor);
  const DAY = 86_400_000;
  const base = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY);
  const start = new Date(base.getTime() + 12 * 3_600_000);
  const event = { organization: org.slug, name: `${options.name} ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 2 * DAY).toISOString() };
  const slug = (await ok(api.post('/api/v1/events', event, { key }), 201)).data.slug as string;
  await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
  const fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 7', maxBoats: options.boats }, { key }), 201)).data.id as string;
  const races: string[] = [];
  for (let raceNumber = 1; raceNumber <= options.races; raceNumber += 1) {
    races.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber, scheduledStart: start.toISOString() }, { key }), 201)).data.id);
  }
  const boats: string[] = [];
  for (let index = 0; index < options.boats; index += 1) {
    const entry = { fleet: fleetId, boat: { name: `Boat ${index}`, sailNumber: `BEN ${1000 + index}` }, sailor: { name: `Skipper ${index}`, email: `bench-${index}-${uniqueSuffix()}@example.org` } };
    boats.push((await ok(api.post(`/api/v1/events/${slug}/register`, entry, { key }), 201)).data.boatId);
  }
  return { api, key, slug, races, boats, start, ok };
}

/**
 * Runs a benchmark against its own stack (slot BENCH_SLOT, default 5; own database and topics),
 * stops the stack and deletes its topics afterwards; a failure is printed and exits 1.
 */
export function runWithStack(env: Record<string, string>, body: (gatewayUrl: string) => Promise<void>): void {
  const slot = Number(process.env['BENCH_SLOT'] ?? 5);
  const run = async () => {
    const stack = await startStack({ slot, databaseName: `regatta_bench_${slot}`, env: { LOG_LEVEL: 'warn', ...env } });
    try {
      await body(stack.gatewayUrl);
    } finally {
      await stack.stop();
      await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
