/**
 * Race day on the demo: the regatta racing today (plan.ts, "ongoing") is ready for the committee app
 * once race capture has its races and entries; an enrolment makes a QR payload a second phone can
 * redeem (good for 15 minutes). Writes .local/demo-committee.txt, which `npm start` prints.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY, call, expect, log, sleep, warn } from './http.js';

/** The regatta racing today in the demo (plan.ts) and where the console's committee app opens for it. */
export const RACE_DAY_REGATTA = 'severn-summer-series';
export const committeeAppUrl = (slug: string) => `${GATEWAY}/console/committee/${slug}`;

const NOTE = join(fileURLToPath(new URL('../..', import.meta.url)), '.local/demo-committee.txt');

export async function ensureRaceDay(slug: string = RACE_DAY_REGATTA): Promise<void> {
  // Race capture learns the regatta's races and entries from the events service's facts.
  let context = await call('GET', `/api/v1/events/${slug}/capture/context`);
  for (let attempt = 0; attempt < 40 && (context.status !== 200 || context.body.data.entries.length === 0 || context.body.data.races.length === 0); attempt += 1) {
    await sleep(250);
    context = await call('GET', `/api/v1/events/${slug}/capture/context`);
  }
  if (context.status !== 200) {
    warn(`race capture does not know ${slug} yet (${context.status}); the committee app will load it later`);
    return;
  }
  const enrolment = expect(await call('POST', `/api/v1/events/${slug}/capture/enrolments`, { label: 'Demo second phone' }), [201], 'enrol a committee device');
  const { races, entries } = context.body.data as { races: unknown[]; entries: unknown[] };
  log(`race day ready: ${slug} (${races.length} races, ${entries.length} entries in race capture)`);
  writeFileSync(
    NOTE,
    [
      '  Race day (the committee app, offline-capable; sign in as the demo user above):',
      `    Committee app:  ${committeeAppUrl(slug)}`,
      `    Second phone:   ${GATEWAY}${enrolment.body.data.qrPayload}`,
      `                    (an enrolment for ${slug} only, good to redeem until ${enrolment.body.data.codeExpiresAt};`,
      `                     a new one: the console, or POST /api/v1/events/${slug}/capture/enrolments)`,
      '',
    ].join('\n'),
  );
}
