/**
 * Gateway overhead benchmark (npm run bench:gateway): throughput and p50/p99 latency of one
 * authenticated GET (an organization's member list, served by identity from PostgreSQL) through the
 * gateway with a bearer key, and of the same GET straight to the identity service with a valid
 * assertion header; prints both and their ratio. Loopback only, bounded in time.
 *
 * Uses the stack at E2E_GATEWAY_URL / E2E_SERVICE_URLS when set (scripts/with-stack.ts), else starts
 * identity + organizations + gateway on slot BENCH_SLOT (default 20) and stops them afterwards.
 * BENCH_DURATION (seconds per run, default 10, max 45) and BENCH_CONNECTIONS (default 16).
 */
import autocannon from 'autocannon';
import { resolveSecret } from '@regatta/config';
import { ASSERTION_HEADER, signAssertion } from '@regatta/http';
import { ApiClient, createOrganization, newActor, startStack, type RunningStack } from '@regatta/testing';

const duration = Math.min(45, Math.max(1, Number(process.env['BENCH_DURATION'] ?? 10)));
const connections = Math.max(1, Number(process.env['BENCH_CONNECTIONS'] ?? 16));

let stack: RunningStack | undefined;
let gatewayUrl = process.env['E2E_GATEWAY_URL'];
let identityUrl = process.env['E2E_SERVICE_URLS'] ? (JSON.parse(process.env['E2E_SERVICE_URLS']) as Record<string, string>)['identity'] : undefined;
if (!gatewayUrl || !identityUrl) {
  const slot = Number(process.env['BENCH_SLOT'] ?? 20);
  process.stdout.write(`starting identity, organizations and gateway on slot ${slot}...\n`);
  stack = await startStack({ slot, only: ['identity', 'organizations', 'gateway'], env: { RATE_LIMIT_DEFAULT: '100000000', LOG_LEVEL: 'warn' } });
  gatewayUrl = stack.gatewayUrl;
  identityUrl = stack.urlOf('identity');
}

type Result = autocannon.Result;

async function run(title: string, url: string, headers: Record<string, string>): Promise<Result> {
  // Warm up connections and caches first.
  await autocannon({ url, headers, connections, duration: 1 });
  const result = await autocannon({ url, headers, connections, duration, title });
  return result;
}

try {
  const api = new ApiClient(gatewayUrl!);
  const actor = await newActor(api, ['read']);
  let path: string;
  let roles: Record<string, 'admin' | 'member'> = {};
  try {
    const org = await createOrganization(api, { ...actor, key: (await newActorKey(api, actor.cookie)) });
    path = `/api/v1/organizations/${org.slug}/members`;
    roles = { [org.id]: 'admin' };
  } catch (error) {
    process.stdout.write(`(could not create an organization: ${String(error).slice(0, 120)}; benchmarking a 404 of the same route)\n`);
    path = '/api/v1/organizations/no-such-organization/members';
  }
  const check = await api.get(path, { key: actor.key, contract: false });
  process.stdout.write(`GET ${path} through the gateway answers ${check.status}\n`);

  const assertion = signAssertion(
    { userId: actor.userId, keyId: actor.keyId, scopes: ['read'], roles, via: 'key' },
    resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], (process.env['NODE_ENV'] as 'development' | 'test' | 'production') ?? 'development', 'assertion'),
  );
  const throughGateway = await run('gateway', gatewayUrl + path, { authorization: `Bearer ${actor.key}` });
  const direct = await run('direct', identityUrl + path, { [ASSERTION_HEADER]: assertion });

  const row = (name: string, result: Result) =>
    `${name.padEnd(10)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   non-2xx ${result.non2xx}   errors ${result.errors}`;
  process.stdout.write(`\n${duration} s per run, ${connections} connections, loopback\n`);
  process.stdout.write(`${row('gateway', throughGateway)}\n${row('direct', direct)}\n`);
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  process.stdout.write(
    `ratio      throughput gateway/direct ${ratio(throughGateway.requests.average, direct.requests.average)}   ` +
      `p50 gateway/direct ${ratio(throughGateway.latency.p50, direct.latency.p50)}   p99 gateway/direct ${ratio(throughGateway.latency.p99, direct.latency.p99)}\n`,
  );
} finally {
  await stack?.stop();
}

async function newActorKey(client: ApiClient, cookie: string): Promise<string> {
  const response = await client.post('/api/v1/keys', { name: 'bench writer', scopes: ['read', 'write'] }, { cookie });
  return response.body.data.apiKey as string;
}
