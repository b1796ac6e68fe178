/**
 * Finish-to-page benchmark (part of npm run bench; prints figures, not a timed test). Starts its own
 * stack (slot BENCH_SLOT, default 5) and Debian's Chromium (playwright-core), opens two pages on
 * this machine: the regatta's public standings page (through the gateway) and a club's page on
 * another origin embedding the widget (view="standings", the club's embed token). Then, BENCH_ROUNDS
 * times (default 20), records a finish while online through the capture API as the committee app
 * does (POST /api/v1/events/{slug}/capture/finishes with an enrolled device's token), and measures
 * from that call until each open page shows it: a DOM wait in the page for the boat's standings row
 * to change (no reload; both follow the live feed). Then BENCH_ROUNDS more finishes tapped in the
 * committee app itself (/console/committee/{slug}, a phone-sized page of its own browser profile,
 * enrolled by the QR code's link): measured from the tap on the boat's button. Prints p50/p95 of
 * each against the 2 s budget.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ApiClient, deleteTopics, infraFromEnv, startStack, type RunningStack } from '@regatta/testing';
import { buildRegatta, enrolDevice, finish, ok, signal } from '../test/support.js';

const slot = Number(process.env['BENCH_SLOT'] ?? 5);
const rounds = Math.min(100, Math.max(5, Number(process.env['BENCH_ROUNDS'] ?? 20)));
const budget = 2_000;
const out = (line = '') => process.stdout.write(`${line}\n`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** The text of the standings row whose sail-number cell (second) is `sail`, in the page or the widget's shadow root. */
function rowText([sail, inWidget]: [string, boolean]): string | null {
  const root: ParentNode | null | undefined = inWidget ? document.querySelector('regatta-results')?.shadowRoot : document.querySelector('main');
  for (const row of Array.from(root?.querySelectorAll('tr') ?? [])) {
    if ((row as HTMLTableRowElement).cells[1]?.textContent?.trim() === sail) return row.textContent;
  }
  return null;
}

/** Resolves with the milliseconds from `began` until the boat's row differs from `before`. */
async function shown(page: Page, sail: string, inWidget: boolean, before: string | null, began: number): Promise<number> {
  await page.waitForFunction(
    ([args, previous]) => {
      const now = (globalThis as unknown as { __rowText: (a: readonly [string, boolean]) => string | null }).__rowText(args);
      return now !== null && now !== previous;
    },
    [[sail, inWidget], before] as const,
    { timeout: 30_000, polling: 10 },
  );
  return performance.now() - began;
}

out(`starting a stack on slot ${slot} (${os.cpus().length} cores; Chromium, the load generator and every process share them; loopback)...`);
const stack: RunningStack = await startStack({
  slot,
  only: ['identity', 'organizations', 'events', 'results-scoring', 'public-results', 'race-capture', 'gateway'],
  env: { RATE_LIMIT_DEFAULT: '100000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' },
});
const site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(clubPage));
let clubPage = '';
let browser: Browser | undefined;
try {
  const api = new ApiClient(stack.gatewayUrl);
  const boats = Math.max(30, 2 * rounds + 2);
  const regatta = await buildRegatta(api, { boats, races: 2 });
  const device = await enrolDevice(api, regatta, 'Bench phone');
  const start = new Date(Date.now() - 3 * 3_600_000);
  for (const raceId of regatta.raceIds) await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal([raceId], 'start', start), { key: device.token }), 201);
  const [race1, race2] = regatta.raceIds as [string, string];
  // Race 1 finished by every boat, so every boat has a standings row before the measured finishes.
  const queue = regatta.entries.map((entry, i) => ({ type: 'finish', record: finish(race1, entry.sailNumber, new Date(start.getTime() + 1_800_000 + i * 997)) }));
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records: queue }, { key: device.token }));

  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const token = (await ok(api.post('/api/v1/embed-tokens', { organizationId: regatta.org.id, name: 'club site', allowedOrigins: [siteOrigin] }, { cookie: regatta.organizer.cookie }), 201)).data.token as string;
  clubPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Club site</title>
<script src="${stack.gatewayUrl}/embed/v1/regatta-widget.js" async></script></head>
<body><main><h1>Our club's results</h1><regatta-results event="${regatta.slug}" token="${token}" view="standings"></regatta-results></main></body></html>`;

  browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(`globalThis.__rowText = ${rowText.toString()};`);
  const standings = await context.newPage();
  const widget = await context.newPage();
  await standings.goto(`${stack.gatewayUrl}/regattas/${regatta.slug}/standings`);
  await widget.goto(`${siteOrigin}/`);
  const last = regatta.entries.at(-1)!.sailNumber;
  await standings.waitForFunction((sail) => (globalThis as any).__rowText([sail, false]) !== null, last, { timeout: 30_000 });
  await widget.waitForFunction((sail) => (globalThis as any).__rowText([sail, true]) !== null, last, { timeout: 30_000 });
  out(`regatta ${regatta.slug}: ${boats} boats, race 1 finished; standings page and widget (origin ${siteOrigin}) open in Chromium`);

  const page: number[] = [];
  const embedded: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const boat = regatta.entries[round]!.sailNumber;
    const beforePage = await standings.evaluate((sail) => (globalThis as any).__rowText([sail, false]) as string | null, boat);
    const beforeWidget = await widget.evaluate((sail) => (globalThis as any).__rowText([sail, true]) as string | null, boat);
    const began = performance.now();
    const waits = Promise.all([shown(standings, boat, false, beforePage, began), shown(widget, boat, true, beforeWidget, began)]);
    await ok(api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(race2, boat, new Date(start.getTime() + 2_400_000 + round * 1_000)), { key: device.token }), 201);
    const [onPage, inWidget] = await waits;
    page.push(onPage);
    embedded.push(inWidget);
  }
  const line = (name: string, from: string, values: number[]) => {
    const p95 = percentile(values, 95);
    return `capture finish -> ${name} in Chromium (gateway, from ${from}): p50 ${Math.round(percentile(values, 50))} ms, p95 ${Math.round(p95)} ms over ${values.length} finishes (budget p95 <= ${budget} ms) ${p95 <= budget ? 'within' : 'OVER'} budget`;
  };
  out(line('public standings page', 'the capture API call', page));
  out(line('embedded widget', 'the capture API call', embedded));

  // The same, tapped in the committee app: its own profile (a phone), enrolled by the QR code's link.
  try {
    const enrolment = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/enrolments`, { label: 'Bench committee app' }, { key: regatta.organizer.key }), 201);
    const phone = await (await browser.newContext({ baseURL: stack.gatewayUrl, viewport: { width: 375, height: 812 } })).newPage();
    await phone.goto(new URL(enrolment.data.qrPayload, stack.gatewayUrl).toString());
    await phone.getByRole('button', { name: /^Record finishes of Race 2 of ILCA 7, started at / }).click({ timeout: 30_000 });
    const expected = phone.getByRole('list', { name: 'Boats expected' });
    const tapPage: number[] = [];
    const tapWidget: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const entry = regatta.entries[rounds + round]!;
      const button = expected.getByRole('button', { name: `${entry.sailNumber} Boat ${rounds + round + 1}`, exact: true });
      await button.waitFor({ timeout: 30_000 });
      const beforePage = await standings.evaluate((sail) => (globalThis as any).__rowText([sail, false]) as string | null, entry.sailNumber);
      const beforeWidget = await widget.evaluate((sail) => (globalThis as any).__rowText([sail, true]) as string | null, entry.sailNumber);
      const began = performance.now();
      const waits = Promise.all([shown(standings, entry.sailNumber, false, beforePage, began), shown(widget, entry.sailNumber, true, beforeWidget, began)]);
      await button.click();
      const [onPage, inWidget] = await waits;
      tapPage.push(onPage);
      tapWidget.push(inWidget);
    }
    out(line('public standings page', 'the tap in the committee app', tapPage));
    out(line('embedded widget', 'the tap in the committee app', tapWidget));
  } catch (error) {
    out(`capture finish tapped in the committee app: not measured (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
} finally {
  await browser?.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await stack.stop();
  await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
}
