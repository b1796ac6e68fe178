/**
 * Public results benchmark (npm run bench:public). Starts its own stack (slot BENCH_SLOT, default 5)
 * and prints, measured side by side in one run on this machine:
 *   1. the public standings page (a 30-boat, 6-race fleet): requests/s through the gateway and straight
 *      to public-results, with a warm page cache and with the cache off (every request rendered);
 *   2. results POST -> live message on an open feed (through the gateway): p50/p95;
 *   3. results POST -> widget DOM updated in a real headless Chromium: p50/p95;
 *   4. memory per 1,000 idle live connections, in public-results and in the gateway (RSS growth
 *      from BENCH_IDLE open streams to twice as many).
 * Loopback only; every loop is bounded. BENCH_DURATION (s per throughput run, default 8),
 * BENCH_CONNECTIONS (default 16), BENCH_ROUNDS (POSTs per latency figure, default 30),
 * BENCH_IDLE (idle connections, default 1000).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { resolveSecret } from '@regatta/config';
import { ASSERTION_HEADER, signAssertion } from '@regatta/http';
import { ApiClient, deleteTopics, eventually, infraFromEnv, startStack, type RunningStack } from '@regatta/testing';
import { hostSite, launchBrowser, widgetHostPage } from '../test/browser.js';
import { buildRegatta, ok } from '../test/regatta.js';
import { openSse, type SseStream } from '../test/sse.js';

const duration = Math.min(30, Math.max(1, Number(process.env['BENCH_DURATION'] ?? 8)));
const connections = Math.max(1, Number(process.env['BENCH_CONNECTIONS'] ?? 16));
const rounds = Math.min(200, Math.max(5, Number(process.env['BENCH_ROUNDS'] ?? 30)));
const idle = Math.min(3000, Math.max(100, Number(process.env['BENCH_IDLE'] ?? 1000)));
// Ports below the ephemeral range (32768 and up), where the benchmark's own client sockets live.
const slot = Number(process.env['BENCH_SLOT'] ?? 5);
const out = (line = '') => process.stdout.write(`${line}\n`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const rssMb = (pid: number | undefined) => {
  if (!pid) return NaN;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

out(`starting a stack on slot ${slot} (${os.cpus().length} cores, load generator and every process on this machine)...`);
const stack: RunningStack = await startStack({ slot, env: { RATE_LIMIT_DEFAULT: '100000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' } });
const figures: Array<[string, string]> = [];
try {
  const api = new ApiClient(stack.gatewayUrl);
  const boats = 30;
  const races = 6;
  const regatta = await buildRegatta(api, { places: boats, boats, races: races + 1 });
  const finishOrder = (race: number): Array<[number, number]> => Array.from({ length: boats }, (_, i) => [((i + race * 7) % boats) + 1, 1800 + i * 7]);
  for (let race = 1; race <= races; race += 1) await regatta.submit(race, finishOrder(race));
  const standingsPath = `/regattas/${regatta.slug}/standings`;
  await eventually(async () => {
    const response = await fetch(`${stack.gatewayUrl}${standingsPath}.json`);
    const body = response.status === 200 ? ((await response.json()) as any) : undefined;
    return body?.data.fleets[0]?.entries[0]?.racesCompleted === races ? true : undefined;
  }, 30_000, 'standings projected');
  out(`regatta ${regatta.slug}: ${boats} boats, ${races} races scored`);

  // 1. Throughput of the standings page.
  // The gateway's anonymous assertion, for requests straight to the service (it lives 60 s: sign anew per phase).
  const anonymous = () => signAssertion({ scopes: [], roles: {}, via: 'anonymous' }, resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], 'test', 'assertion'));
  const measure = async (url: string, headers: Record<string, string> = {}) => {
    await autocannon({ url, headers, connections, duration: 1 });
    const result = await autocannon({ url, headers, connections, duration });
    if (result.non2xx > 0 || result.errors > 0) out(`  (${url}: ${result.non2xx} non-2xx, ${result.errors} errors)`);
    return result;
  };
  const row = (name: string, r: autocannon.Result) => `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`;
  const serviceUrl = stack.urlOf('public-results');
  // As browsers and CDNs ask: gzip accepted.
  const gzip = { 'accept-encoding': 'gzip' };
  const warmGateway = await measure(stack.gatewayUrl + standingsPath, gzip);
  const warmDirect = await measure(serviceUrl + standingsPath, { ...gzip, [ASSERTION_HEADER]: anonymous() });
  await stack.kill('public-results', 'SIGTERM');
  await stack.start('public-results', { PAGE_CACHE: 'off' });
  const coldGateway = await measure(stack.gatewayUrl + standingsPath, gzip);
  const coldDirect = await measure(serviceUrl + standingsPath, { ...gzip, [ASSERTION_HEADER]: anonymous() });
  await stack.kill('public-results', 'SIGTERM');
  await stack.start('public-results');
  figures.push(['standings page, warm cache, through the gateway', row('gateway', warmGateway)]);
  figures.push(['standings page, warm cache, straight to public-results', row('direct', warmDirect)]);
  figures.push(['standings page, cache off, through the gateway', row('gateway', coldGateway)]);
  figures.push(['standings page, cache off, straight to public-results', row('direct', coldDirect)]);
  figures.push(['gateway / direct throughput (warm; cache off)', `${(warmGateway.requests.average / warmDirect.requests.average).toFixed(2)}; ${(coldGateway.requests.average / coldDirect.requests.average).toFixed(2)}`]);

  // 2. POST -> live message.
  const feed: SseStream = await openSse(`${stack.gatewayUrl}/regattas/${regatta.slug}/live`);
  await feed.next((m) => m.event === 'ready');
  const toResults: number[] = [];
  const toStandings: number[] = [];
  const lastRace = races + 1;
  for (let round = 0; round < rounds; round += 1) {
    const from = feed.messages.length;
    const started = performance.now();
    await regatta.submit(lastRace, finishOrder(round));
    await feed.next((m) => m.event === 'results.updated', 10_000, from);
    toResults.push(performance.now() - started);
    await feed.next((m) => m.event === 'standings.updated', 10_000, from);
    toStandings.push(performance.now() - started);
  }
  feed.close();
  figures.push([`results POST -> results.updated on the live feed (${rounds} POSTs)`, `p50 ${percentile(toResults, 50).toFixed(0)} ms, p95 ${percentile(toResults, 95).toFixed(0)} ms`]);
  figures.push([`results POST -> standings.updated on the live feed`, `p50 ${percentile(toStandings, 50).toFixed(0)} ms, p95 ${percentile(toStandings, 95).toFixed(0)} ms`]);

  // 3. POST -> widget DOM, in Chromium.
  const browser = await launchBrowser();
  const site = await hostSite();
  try {
    const token = (await ok(api.post('/api/v1/embed-tokens', { organizationId: regatta.org.id, name: 'bench', allowedOrigins: [site.origin] }, { cookie: regatta.organizer.cookie }), 201)).data.token;
    const page = widgetHostPage(stack.gatewayUrl, { event: regatta.slug, token, view: 'standings' });
    site.page('/', page);
    const tab = await browser.newPage();
    await tab.goto(`${site.origin}/`);
    await tab.waitForFunction(() => (document.querySelector('regatta-results') as HTMLElement | null)?.dataset['state'] === 'ready', { timeout: 15_000 });
    const toDom: number[] = [];
    for (let round = 0; round < Math.min(rounds, 20); round += 1) {
      const before = await tab.$eval('regatta-results', (el) => (el as HTMLElement).dataset['updatedAt']);
      await sleep(400); // let the previous round's debounced refresh settle
      const started = performance.now();
      await regatta.submit(lastRace, finishOrder(round + 3));
      await tab.waitForFunction(
        (previous: string | undefined) => (document.querySelector('regatta-results') as HTMLElement).dataset['updatedAt'] !== previous,
        { timeout: 10_000, polling: 'mutation' },
        before,
      );
      toDom.push(performance.now() - started);
    }
    figures.push([`results POST -> widget DOM updated in Chromium (${toDom.length} POSTs; includes the widget's 150 ms debounce)`, `p50 ${percentile(toDom, 50).toFixed(0)} ms, p95 ${percentile(toDom, 95).toFixed(0)} ms`]);
  } finally {
    await browser.close();
    await site.close();
  }

  // 4. Memory per 1,000 idle live connections: the marginal cost, measured as the RSS growth from the
  // first `idle` open streams to twice as many (so one-time growth, heap sizing and JIT are not counted).
  const memory = async (url: string, headers: Record<string, string> = {}) => {
    const streams: SseStream[] = [];
    const open = async (count: number) => {
      for (let i = 0; i < count; i += 50) streams.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => openSse(url, headers)))));
      await sleep(5_000);
      return { service: rssMb(stack.pidOf('public-results')), gateway: rssMb(stack.pidOf('gateway')) };
    };
    const first = await open(idle);
    const second = await open(idle);
    const opened = streams.filter((s) => s.status === 200).length;
    const refused = streams.filter((s) => s.status !== 200);
    if (refused.length > 0) out(`  (${refused.length} streams refused: ${[...new Set(refused.map((s) => `${s.status} ${s.body.slice(0, 120)}`))].join(' | ')})`);
    for (const stream of streams) stream.close();
    await sleep(2_000);
    const per = (a: number, b: number) => ((b - a) * 1000) / idle;
    return { opened, service: per(first.service, second.service), gateway: per(first.gateway, second.gateway) };
  };
  const direct = await memory(`${serviceUrl}/regattas/${regatta.slug}/live`, { [ASSERTION_HEADER]: anonymous() });
  const viaGateway = await memory(`${stack.gatewayUrl}/regattas/${regatta.slug}/live`);
  figures.push([`memory per 1,000 idle live connections, straight to public-results (${direct.opened} open)`, `public-results +${direct.service.toFixed(1)} MB`]);
  figures.push([`memory per 1,000 idle live connections, through the gateway (${viaGateway.opened} open)`, `public-results +${viaGateway.service.toFixed(1)} MB, gateway +${viaGateway.gateway.toFixed(1)} MB`]);
} finally {
  await stack.stop();
  await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
}

out();
out(`public results benchmark: ${os.cpus().length} cores shared by the load generator, the browser and every process; ${duration} s per throughput run, ${connections} connections`);
const width = Math.max(...figures.map(([name]) => name.length));
for (const [name, value] of figures) out(`  ${name.padEnd(width)}  ${value}`);
