/**
 * Race day on the demo: the regatta racing today (plan.ts, "ongoing") is ready for the committee app
 * once race capture has its races and entries; an enrolment makes a QR payload a second phone can
 * redeem (good for 15 minutes). The organizing club has a race officer (an account of its own with
 * the race-officer role: records on the water, administers nothing). Writes .local/demo-committee.txt,
 * which `npm start` prints.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY, call, expect, log, sleep, warn } from './http.js';

/** The regatta racing today in the demo (plan.ts) and where the console's committee app opens for it. */
export const RACE_DAY_REGATTA = 'severn-summer-series';
export const committeeAppUrl = (slug: string) => `${GATEWAY}/console/committee/${slug}`;

/** The demo race officer: a member of the organizing club with the race-officer role. */
export const DEMO_RACE_OFFICER = { email: 'officer@regatta.dev', password: 'Officer-regatta-2025!', name: 'Rory Race Officer' };

/** Signs the demo race officer up (once) and gives them the race-officer role in the regatta's club (as the demo user, its admin). */
async function ensureRaceOfficer(slug: string): Promise<boolean> {
  const event = await call('GET', `/api/v1/events/${slug}`);
  const club = event.body?.data?.organization?.slug as string | undefined;
  if (event.status !== 200 || !club) {
    warn(`no club found for ${slug} (${event.status}); no demo race officer`);
    return false;
  }
  const signup = await call('POST', '/api/v1/auth/signup', DEMO_RACE_OFFICER, {});
  if (signup.status === 201) log(`created the demo race officer ${DEMO_RACE_OFFICER.email}`);
  else if (signup.status !== 409) expect(signup, [201, 409], 'sign up the demo race officer');
  expect(await call('POST', `/api/v1/organizations/${club}/members`, { email: DEMO_RACE_OFFICER.email, role: 'race-officer' }), [200, 201], 'give the demo race officer the role');
  return true;
}

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
  const officer = await ensureRaceOfficer(slug);
  const enrolment = expect(await call('POST', `/api/v1/events/${slug}/capture/enrolments`, { label: 'Demo second phone' }), [201], 'enrol a committee device');
  const { races, entries } = context.body.data as { races: unknown[]; entries: unknown[] };
  log(`race day ready: ${slug} (${races.length} races, ${entries.length} entries in race capture)`);
  writeFileSync(
    NOTE,
    [
      '  Race day (the committee app, offline-capable; sign in as the demo user above):',
      `    Committee app:  ${committeeAppUrl(slug)}`,
      ...(officer ? [`    Race officer:   ${DEMO_RACE_OFFICER.email} / ${DEMO_RACE_OFFICER.password} (the club's race officer: records, administers nothing)`] : []),
      `    Second phone:   ${GATEWAY}${enrolment.body.data.qrPayload}`,
      `                    (an enrolment for ${slug} only, good to redeem until ${enrolment.body.data.codeExpiresAt};`,
      `                     a new one: the console, or POST /api/v1/events/${slug}/capture/enrolments)`,
      '',
    ].join('\n'),
  );
}
