/**
 * Seeds a believable demo federation through the public API only (GATEWAY_URL): a national
 * association and clubs, regattas in every public state plus a draft, fleets under different
 * handicap systems, dozens of boats and sailors, registrations with a waitlist, races with results
 * and a series; on the completed demo regatta a protest heard and decided (the public notice board)
 * and an overall result across its two IRC fleets; the federation's published national ranking; the
 * regatta racing today ready for the committee app (capture.ts) and its jury room's open cases (one
 * lodged, one on today's hearing board: jury-room.ts).
 * Idempotent: a second run signs the demo user in, reuses (or replaces) its API key, finds what
 * exists by slug (or name) and only adds what is missing.
 *
 * Writes .local/demo-credentials.txt (how to sign in) and .local/demo-credentials.json.
 * Modules: http.ts (the client), credentials.ts (user, key, token, files), events.ts (clubs and
 * regattas), protests.ts, overall.ts, rankings.ts; plan.ts says what the demo holds.
 */
import { ENTRY_REGATTA, ensureEntryForm } from './entry-form.js';
import { ensureRaceDay } from './capture.js';
import { DEMO_REGATTA, ensureEmbedToken, ensureKey, readSaved, signIn, writeCredentials } from './credentials.js';
import { ensureEvent, ensureOrganization, loadEvent } from './events.js';
import { GATEWAY, call, eventually, expect, log, useSession } from './http.js';
import { ensureOverall } from './overall.js';
import { CLUBS, FEDERATION, OVERALL, PROTEST_CASE } from './plan.js';
import { ensureProtestCase } from './protests.js';
import { ensureJuryRoom, JURY_ROOM } from './jury-room.js';
import { ensureRanking } from './rankings.js';

// ------------------------------------------------------------------------------------------ series

async function ensureSeries(org: { id: string; slug: string }, name: string, year: number, eventSlugs: string[]): Promise<void> {
  const listed = expect(await call('GET', `/api/v1/series?org=${org.slug}&year=${year}&limit=100`), [200], 'list series');
  if ((listed.body.data as { name: string }[]).some((series) => series.name === name)) return;
  expect(await call('POST', '/api/v1/series', { organization: org.slug, name, year, events: eventSlugs, scoringRule: 'sum_of_net' }), [201], `create series ${name}`);
  log(`created series ${name}`);
}

// ------------------------------------------------------------------------------------------ main

async function main(): Promise<void> {
  log(`seeding through ${GATEWAY}`);
  const { cookie } = await signIn();
  const { key, keyId } = await ensureKey(cookie);
  useSession(cookie);
  // Saved early so a failing run still leaves a working key; what it saved before is kept (an
  // embed token is shown only once, so dropping it here would make the next step create another).
  const saved = readSaved();
  writeCredentials(key, keyId, { embedToken: saved?.embedToken, demoClub: saved?.demoClub, federation: saved?.federation, rankingListId: saved?.rankingListId });

  const now = Date.now();
  const federation = await ensureOrganization(FEDERATION.club);
  const seriesEvents: string[] = [];
  let demoClub: { id: string; slug: string } | undefined;
  for (const plan of [FEDERATION, ...CLUBS]) {
    const org = plan === FEDERATION ? federation : await ensureOrganization(plan.club);
    if (plan.club.name === DEMO_REGATTA.club) demoClub = org;
    for (const event of plan.events) {
      await eventually(async () => {
        try {
          await ensureEvent(org, event, now);
          return { status: 200, body: null };
        } catch (error) {
          // A just-created organization may not have reached the events service yet.
          if (/400 .*unknown_organization|403 .*not_a_member/.test(String(error))) return { status: 409, body: null };
          throw error;
        }
      }, [409], `event ${event.slug}`, 10);
      if (event.inSeries) seriesEvents.push(event.slug);
    }
  }
  await ensureSeries(federation, 'Chesapeake Bay Championship', new Date(now).getUTCFullYear(), seriesEvents);

  // This season's features on the completed regattas (each step finds what an earlier run made).
  const protestEvent = await loadEvent(PROTEST_CASE.event);
  if (protestEvent?.status === 'completed') await ensureProtestCase(protestEvent);
  // The regatta racing today: a case waiting for its hearing and one on today's hearing board.
  const juryEvent = await loadEvent(JURY_ROOM.event);
  if (juryEvent?.status === 'ongoing') await ensureJuryRoom(juryEvent);
  const overallEvent = await loadEvent(OVERALL.event);
  if (overallEvent) await ensureOverall(overallEvent);
  const rankingListId = await ensureRanking(federation.slug);

  // The regatta open for entries: one question and one waiver on its entry form.
  if ((await loadEvent(ENTRY_REGATTA))?.status === 'published') await ensureEntryForm(ENTRY_REGATTA);
  const embedToken = demoClub ? await ensureEmbedToken(demoClub) : undefined;
  await ensureRaceDay();
  writeCredentials(key, keyId, { embedToken, demoClub: demoClub?.slug, federation: federation.slug, rankingListId });

  const list = expect(await call('GET', '/api/v1/events?limit=100'), [200], 'list events');
  log(`done: ${list.body.data.length} public regattas; credentials in .local/demo-credentials.txt`);
}

main().catch((error: unknown) => {
  process.stderr.write(`seed: failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
