/**
 * The console's budget (npm run bench; not a timed test). Starts its own stack (slot BENCH_SLOT,
 * default 5), signs a new organizer up with 12 regattas, and prints, in Debian's Chromium:
 *   1. first load of the regatta list: JavaScript bytes as sent (gzip), and all bytes; budget 200 KB
 *      of compressed JavaScript;
 *   2. Largest Contentful Paint of the regatta list (cold cache, signed in) with the CPU slowed 4x and
 *      DevTools' "Fast 3G" profile (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up): each run
 *      and the median; budget 2.5 s;
 *   3. one more such load under Chromium's performance trace (saved to .local/bench/console-trace.json,
 *      open it in DevTools' Performance panel): when the page, the last first-load script and the
 *      list's data arrived, and the main thread's busy, script-compiling and script-running time.
 * Loopback only; bounded (BENCH_CONSOLE_RUNS, default 3).
 * Side by side: BENCH_CONSOLE_DIRS=before:/tmp/a,after:/tmp/b measures each build (served by the
 * stack's gateway as CONSOLE_DIR, restarted between builds) in the same run, the LCP runs alternating
 * between the builds (A B, B A, ...) so the shared machine's noise falls on both; each line is then
 * labelled with its build. Without it: the console the gateway serves by default (web/console/dist).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ApiClient, createOrganization, deleteTopics, infraFromEnv, newActor, startStack } from '@regatta/testing';
import { chromiumPath } from '../test/harness.js';

const runs = Math.min(10, Math.max(1, Number(process.env['BENCH_CONSOLE_RUNS'] ?? 3)));
const slot = Number(process.env['BENCH_SLOT'] ?? 5);
const out = (line = '') => process.stdout.write(`${line}\n`);

interface Build { label: string; dir: string | undefined }
/** BENCH_CONSOLE_DIRS: label:directory pairs, comma separated; absent: the default build, unlabelled. */
function buildsFrom(value: string | undefined): Build[] {
  if (!value?.trim()) return [{ label: '', dir: undefined }];
  return value.split(',').map((pair) => {
    const at = pair.indexOf(':');
    if (at <= 0 || at === pair.length - 1) throw new Error(`BENCH_CONSOLE_DIRS: "${pair}" is not label:directory`);
    const dir = resolve(pair.slice(at + 1).trim());
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`BENCH_CONSOLE_DIRS: no built console (index.html) in ${dir}`);
    return { label: pair.slice(0, at).trim(), dir };
  });
}
const builds = buildsFrom(process.env['BENCH_CONSOLE_DIRS']);
const tag = (build: Build) => (build.label ? ` [${build.label}]` : '');
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

out(`starting a stack on slot ${slot} (${os.cpus().length} cores; the browser and every process share them)...`);
const stack = await startStack({ slot, env: { RATE_LIMIT_DEFAULT: '100000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' }, processEnv: builds[0]!.dir ? { gateway: { CONSOLE_DIR: builds[0]!.dir } } : undefined });
let serving = builds[0]!;
/** The gateway serves this build from now on (restarted with its CONSOLE_DIR when it is another). */
const serve = async (build: Build) => {
  if (build === serving) return;
  await stack.kill('gateway', 'SIGTERM');
  await stack.start('gateway', build.dir ? { CONSOLE_DIR: build.dir } : {});
  serving = build;
  const page = await fetch(`${stack.gatewayUrl}/console/`);
  if (page.status !== 200) throw new Error(`${build.label}: the console page answered ${page.status}`);
};
let browser: Browser | undefined;
try {
  const api = new ApiClient(stack.gatewayUrl);
  const organizer = await newActor(api);
  const org = await createOrganization(api, organizer);
  for (let i = 0; i < 12; i += 1) {
    const start = new Date(Date.UTC(2027, 3, 1 + i * 7));
    const end = new Date(start.getTime() + 2 * 86_400_000);
    const created = await api.post('/api/v1/events', { organization: org.slug, name: `Spring Series ${i + 1}`, venue: 'Annapolis', startDate: start.toISOString(), endDate: end.toISOString() }, { key: organizer.key });
    if (created.status !== 201) throw new Error(`regatta ${i + 1}: ${created.status} ${created.text}`);
  }
  const listPath = `/console/orgs/${org.slug}/regattas`;
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });

  /** A cold cache, DevTools' Fast 3G profile and the CPU slowed 4x for this page. */
  const slowDown = async (context: BrowserContext, page: Page) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  };

  const signedIn = async () => {
    const context = await browser!.newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 900 } });
    const login = await context.request.post('/api/v1/auth/login', { data: { email: organizer.email, password: organizer.password } });
    if (login.status() !== 200) throw new Error(`login: ${login.status()}`);
    return context;
  };

  // 1. What the first load sends.
  const firstLoad = async (build: Build) => {
    await serve(build);
    const context = await signedIn();
    const page = await context.newPage();
    const sizes: Array<{ url: string; type: string; bytes: number }> = [];
    page.on('requestfinished', async (request) => {
      const response = await request.response();
      if (!response || !request.url().includes('/console')) return;
      const bytes = (await request.sizes()).responseBodySize;
      sizes.push({ url: request.url(), type: request.resourceType(), bytes });
    });
    await page.goto(listPath, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const js = sizes.filter((s) => s.type === 'script').reduce((sum, s) => sum + s.bytes, 0);
    const all = sizes.reduce((sum, s) => sum + s.bytes, 0);
    out(`console first load${tag(build)}: ${(js / 1024).toFixed(1)} KB JavaScript compressed (${sizes.filter((s) => s.type === 'script').length} files), ${(all / 1024).toFixed(1)} KB in all of the console's files; budget 200 KB JavaScript`);
    await context.close();
  };

  // 2. Largest Contentful Paint, 4x CPU slowdown and Fast 3G, cold cache each run.
  const lcpOnce = async (build: Build): Promise<number> => {
    await serve(build);
    const context = await signedIn();
    const page = await context.newPage();
    await page.addInitScript(() => {
      (globalThis as unknown as { __lcp: number }).__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (globalThis as unknown as { __lcp: number }).__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await slowDown(context, page);
    await page.goto(listPath, { waitUntil: 'networkidle', timeout: 60_000 });
    const shown = await page.getByRole('link', { name: 'Spring Series 1', exact: true }).first().waitFor({ timeout: 60_000 }).then(() => true, () => false);
    if (!shown) out(`console LCP${tag(build)}: the list did not show in this run; its LCP is of something else`);
    await page.waitForTimeout(500);
    const lcp = await page.evaluate(() => (globalThis as unknown as { __lcp: number }).__lcp);
    await context.close();
    return lcp;
  };

  // 3. The same load under the performance trace: where the time goes.
  const traced = async (build: Build) => {
    await serve(build);
    const context = await signedIn();
    const page = await context.newPage();
    await slowDown(context, page);
    const arrivals: Array<{ url: string; type: string; end: number }> = [];
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      arrivals.push({ url: request.url(), type: request.resourceType(), end: timing.startTime + timing.responseEnd });
    });
    const traceFile = build.label ? `.local/bench/console-trace-${build.label.replace(/[^\w-]/g, '_')}.json` : '.local/bench/console-trace.json';
    const tracePath = join(process.cwd(), traceFile);
    mkdirSync(join(process.cwd(), '.local/bench'), { recursive: true });
    await browser!.startTracing(page, { path: tracePath, categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
    const started = Date.now();
    await page.goto(listPath, { waitUntil: 'networkidle', timeout: 60_000 });
    await browser!.stopTracing();
    const since = (end: number) => `${Math.round(end - started)} ms`;
    const last = (type: string, match?: RegExp) => arrivals.filter((a) => a.type === type && (!match || match.test(a.url))).reduce((max, a) => Math.max(max, a.end), started);
    const events = (JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: Array<{ name: string; ph: string; dur?: number; tid: number; pid: number; args?: { data?: { frame?: string } } }> }).traceEvents;
    const byName = (names: string[]) => events.filter((e) => e.ph === 'X' && names.includes(e.name)).reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
    const busy = byName(['RunTask']);
    const compile = byName(['v8.compile', 'v8.compileModule', 'CompileScript', 'CompileCode']);
    const run = byName(['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'EventDispatch']);
    const lcpEvent = events.filter((e) => e.name === 'largestContentfulPaint::Candidate');
    out(`console trace${tag(build)}: page at ${since(last('document'))}, last first-load script at ${since(last('script'))}, the list's data at ${since(last('fetch', /\/events/))}, network idle at ${Date.now() - started} ms; main thread busy ${Math.round(busy)} ms (compiling ${Math.round(compile)} ms, running script ${Math.round(run)} ms); ${lcpEvent.length} LCP candidates; trace in ${traceFile}`);
    await context.close();
  };

  for (const build of builds) await firstLoad(build);
  const lcps = new Map<Build, number[]>(builds.map((build) => [build, []]));
  for (let round = 0; round < runs; round += 1) {
    // Alternating order (A B, B A, ...): the gateway restarts once per round, and no build always goes first.
    for (const build of round % 2 === 0 ? [...builds].reverse() : builds) lcps.get(build)!.push(await lcpOnce(build));
  }
  for (const build of [...builds].reverse()) await traced(build);
  for (const build of builds) {
    const values = lcps.get(build)!;
    const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    out(`console LCP${tag(build)} (regatta list, 4x CPU slowdown, Fast 3G, cold cache): median ${(median / 1000).toFixed(2)} s over ${runs} runs (${values.map((v) => (v / 1000).toFixed(2)).join(', ')} s); budget 2.5 s`);
  }
} finally {
  await browser?.close();
  await stack.stop();
  await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
}
