/**
 * Seeds a believable demo federation through the public API only (GATEWAY_URL): a national
 * association and clubs, regattas in every public state plus a draft, fleets under different
 * handicap systems, dozens of boats and sailors, registrations with a waitlist, races with results
 * and a series. Idempotent: a second run signs the demo user in, reuses (or replaces) its API key,
 * finds what exists by slug and only adds what is missing.
 *
 * Writes .local/demo-credentials.txt (how to sign in) and .local/demo-credentials.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLUBS, FEDERATION, SAILOR_NAMES, type ClubPlan, type EventPlan, type FleetPlan } from './plan.js';

const GATEWAY = (process.env['GATEWAY_URL'] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CREDENTIALS_JSON = join(ROOT, '.local/demo-credentials.json');
const CREDENTIALS_TXT = join(ROOT, '.local/demo-credentials.txt');
const DEMO = { email: 'demo@regatta.dev', password: 'Demo-regatta-2025!', name: 'Dana Demo' };
const DAY = 86_400_000;

// ------------------------------------------------------------------------------------------ http

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  cookie?: string | undefined;
}

// The demo user's web session does the seeding: sessions are not counted against a key's hourly
// limit, so restarting `npm start` never uses up the demo key printed for the developer.
let sessionCookie = '';

async function call(method: string, path: string, body?: unknown, auth: { key?: string; cookie?: string } = { cookie: sessionCookie }): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth.key) headers['authorization'] = `Bearer ${auth.key}`;
  if (auth.cookie) headers['cookie'] = auth.cookie;
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${GATEWAY}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await response.text();
    const parsed = text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
    if ((response.status === 502 || response.status === 503) && attempt < 5) {
      await sleep(500 * attempt);
      continue;
    }
    const setCookie = response.headers.getSetCookie().find((header) => header.startsWith('regatta_session='));
    return { status: response.status, body: parsed, cookie: setCookie?.split(';')[0] };
  }
}

function expect(reply: Reply, statuses: number[], what: string): Reply {
  if (!statuses.includes(reply.status)) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 500)}`);
  return reply;
}

/** Retries while another service has not yet seen a just-created resource (its projection lags). */
async function eventually(action: () => Promise<Reply>, retryOn: number[], what: string, attempts = 20): Promise<Reply> {
  let reply = await action();
  for (let attempt = 1; attempt < attempts && retryOn.includes(reply.status); attempt += 1) {
    await sleep(300);
    reply = await action();
  }
  return reply;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => process.stdout.write(`seed: ${message}\n`);
const warn = (message: string) => process.stdout.write(`seed: WARNING ${message}\n`);

// ------------------------------------------------------------------------------------------ demo user and key

async function signIn(): Promise<{ cookie: string; userId: string }> {
  const signup = await call('POST', '/api/v1/auth/signup', DEMO, {});
  if (signup.status === 201 && signup.cookie) {
    log(`created the demo user ${DEMO.email}`);
    return { cookie: signup.cookie, userId: signup.body.data.user.id };
  }
  const login = expect(await call('POST', '/api/v1/auth/login', { email: DEMO.email, password: DEMO.password }, {}), [200], 'login as the demo user');
  if (!login.cookie) throw new Error('login set no session cookie');
  log(`signed in as the existing demo user ${DEMO.email}`);
  return { cookie: login.cookie, userId: login.body.data.user.id };
}

interface SavedCredentials {
  email: string;
  password: string;
  apiKey: string;
  keyId?: string;
  /** The demo club's embed token for the widget (shown once by the API, so kept here). */
  embedToken?: string;
}

/** The demo regatta the printed public URL and widget snippet point at (completed, with results). */
const DEMO_REGATTA = { slug: 'annapolis-spring-regatta', club: 'Annapolis Harbor Yacht Club' };

function readSaved(): SavedCredentials | undefined {
  try {
    return JSON.parse(readFileSync(CREDENTIALS_JSON, 'utf8')) as SavedCredentials;
  } catch {
    return undefined;
  }
}

async function ensureKey(cookie: string): Promise<{ key: string; keyId?: string }> {
  const saved = readSaved();
  if (saved?.apiKey) {
    const probe = await call('GET', '/api/v1/events?limit=1', undefined, { key: saved.apiKey });
    if (probe.status === 200) {
      log('reusing the saved demo API key');
      return { key: saved.apiKey, ...(saved.keyId ? { keyId: saved.keyId } : {}) };
    }
    warn(`the saved API key no longer works (${probe.status}); creating a new one`);
  }
  const created = expect(
    await call('POST', '/api/v1/keys', { name: 'Demo key (seed)', scopes: ['read', 'write', 'register', 'results', 'admin'] }, { cookie }),
    [201],
    'create the demo API key',
  );
  return { key: created.body.data.apiKey, keyId: created.body.data.id };
}

function writeCredentials(key: string, keyId: string | undefined, embedToken?: string): void {
  mkdirSync(dirname(CREDENTIALS_JSON), { recursive: true });
  const json: SavedCredentials = { email: DEMO.email, password: DEMO.password, apiKey: key, ...(keyId ? { keyId } : {}), ...(embedToken ? { embedToken } : {}) };
  writeFileSync(CREDENTIALS_JSON, `${JSON.stringify(json, null, 2)}\n`, { mode: 0o600 });
  writeFileSync(
    CREDENTIALS_TXT,
    [
      '  Demo sign-in:',
      `    Email:          ${DEMO.email}`,
      `    Password:       ${DEMO.password}`,
      `    Log in:         curl -i -X POST ${GATEWAY}/api/v1/auth/login -H 'content-type: application/json' -d '{"email":"${DEMO.email}","password":"${DEMO.password}"}'`,
      `    API key:        ${key}`,
      `    Try it:         curl -H 'Authorization: Bearer ${key}' ${GATEWAY}/api/v1/events`,
      '',
      '  Public results (no sign-in):',
      `    Regattas:       ${GATEWAY}/regattas`,
      `    Demo regatta:   ${GATEWAY}/regattas/${DEMO_REGATTA.slug}/standings`,
      `    Live feed:      curl -N ${GATEWAY}/regattas/${DEMO_REGATTA.slug}/live`,
      ...(embedToken
        ? [
            `    Widget demo:    ${GATEWAY}/embed/v1/demo?event=${DEMO_REGATTA.slug}&token=${embedToken}`,
            '    Widget snippet (paste into a page served from an allowed origin of the token):',
            `      <script src="${GATEWAY}/embed/v1/regatta-widget.js" async></script>`,
            `      <regatta-results event="${DEMO_REGATTA.slug}" token="${embedToken}" view="standings"></regatta-results>`,
          ]
        : []),
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
}

// ------------------------------------------------------------------------------------------ organizations

async function ensureOrganization(plan: ClubPlan): Promise<{ id: string; slug: string; name: string }> {
  const found = expect(await call('GET', `/api/v1/organizations?q=${encodeURIComponent(plan.name)}&limit=100`), [200], `look up ${plan.name}`);
  const list = (found.body.organizations ?? found.body.data ?? []) as { id: string; slug: string; name: string }[];
  const existing = list.find((org) => org.name === plan.name);
  if (existing) return existing;
  const created = expect(
    await call('POST', '/api/v1/organizations', {
      name: plan.name,
      type: plan.type,
      description: plan.description,
      founded: plan.founded,
      address: plan.address,
      contact: plan.contact,
      socialMedia: plan.socialMedia,
    }),
    [201],
    `create ${plan.name}`,
  );
  const org = created.body.data ?? created.body.organization ?? created.body;
  log(`created organization ${org.name} (${org.slug})`);
  return { id: org.id, slug: org.slug, name: org.name };
}

// ------------------------------------------------------------------------------------------ events

interface EventState {
  id: string;
  slug: string;
  status: string;
  fleets: { id: string; name: string; handicap: { system: string } }[];
  races: { id: string; fleetId: string; raceNumber: number; status: string }[];
}

async function loadEvent(slug: string): Promise<EventState | undefined> {
  const reply = await call('GET', `/api/v1/events/${slug}?include=fleets,races`);
  if (reply.status === 404) return undefined;
  expect(reply, [200], `read event ${slug}`);
  return reply.body.data as EventState;
}

function ratingsFor(fleet: FleetPlan, index: number): Record<string, number> | undefined {
  const wobble = (index % 7) - 3;
  switch (fleet.body.handicap?.system ?? 'one_design') {
    case 'phrf_tot':
    case 'phrf_tod':
      return { phrf: 108 + wobble * 9 };
    case 'irc':
      return { irc: Number((1.02 + wobble * 0.015).toFixed(3)) };
    case 'orc_tot':
      return { orc_tot: Number((1.05 + wobble * 0.012).toFixed(3)) };
    case 'portsmouth_rya':
      return { portsmouth_rya: 1100 + wobble * 25 };
    case 'portsmouth_us':
      return { portsmouth_us: 91 + wobble };
    default:
      return undefined;
  }
}

/** The n-th sailor of the demo pool (sailors recur across regattas, never twice in one). */
function sailorAt(index: number): { name: string; email: string } {
  const name = SAILOR_NAMES[index % SAILOR_NAMES.length]!;
  return { name, email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@sailors.example.org` };
}

async function ensureEvent(org: { slug: string }, plan: EventPlan, now: number): Promise<EventState> {
  let state = await loadEvent(plan.slug);
  if (!state) {
    const start = now + plan.startInDays * DAY;
    expect(
      await call('POST', '/api/v1/events', {
        organization: org.slug,
        slug: plan.slug,
        name: plan.name,
        description: plan.description,
        venue: plan.venue,
        address: plan.address,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + plan.lengthDays * DAY).toISOString(),
        registrationOpen: new Date(now + Math.min(-1, plan.startInDays - 60) * DAY).toISOString(),
        ...(plan.registrationCloseInDays !== undefined ? { registrationClose: new Date(now + plan.registrationCloseInDays * DAY).toISOString() } : {}),
        entryFee: plan.entryFee,
        currency: 'USD',
        ...(plan.maxParticipants ? { maxParticipants: plan.maxParticipants } : {}),
        nor: plan.nor,
      }),
      [201],
      `create event ${plan.slug}`,
    );
    log(`created event ${plan.name}`);
    state = (await loadEvent(plan.slug))!;
  }
  for (const fleet of plan.fleets) {
    if (state.fleets.some((existing) => existing.name === fleet.body.name)) continue;
    expect(await call('POST', `/api/v1/events/${plan.slug}/fleets`, fleet.body), [201], `create fleet ${fleet.body.name}`);
  }
  if (state.status === 'draft') {
    const docs = await call('GET', `/api/v1/events/${plan.slug}?include=documents`);
    if ((docs.body.data?.documents ?? []).length === 0) {
      await call('POST', `/api/v1/events/${plan.slug}/documents`, { kind: 'nor', title: `${plan.name} — Notice of Race`, url: `https://docs.example.org/${plan.slug}/nor.pdf` });
      await call('POST', `/api/v1/events/${plan.slug}/documents`, { kind: 'si', title: 'Sailing Instructions', body: 'The racing rules of sailing 2025-2028 apply. Courses per attachment A. Time limit 90 minutes.' });
    }
  }
  state = (await loadEvent(plan.slug))!;

  // Races are scheduled before the start.
  for (const fleet of state.fleets) {
    const fleetPlan = plan.fleets.find((candidate) => candidate.body.name === fleet.name)!;
    for (let number = 1; number <= plan.races; number += 1) {
      if (state.races.some((race) => race.fleetId === fleet.id && race.raceNumber === number)) continue;
      const start = now + plan.startInDays * DAY + Math.floor((number - 1) / 3) * DAY + ((number - 1) % 3) * 90 * 60_000 + 11 * 3_600_000;
      expect(
        await call('POST', `/api/v1/events/${plan.slug}/races`, {
          fleetId: fleet.id,
          raceNumber: number,
          scheduledStart: new Date(start).toISOString(),
          courseDescription: number % 2 === 1 ? 'Windward/leeward, 2 laps' : 'Triangle, finish to windward',
          courseDistanceNm: number === 1 && fleetPlan.body.handicap?.system === 'phrf_tod' ? 24 : Number((4.2 + number * 0.3).toFixed(1)),
        }),
        [201, 409],
        `schedule race ${number} of ${fleet.name}`,
      );
    }
  }

  if (plan.target === 'draft') return (await loadEvent(plan.slug))!;
  if (state.status === 'draft') expect(await call('PUT', `/api/v1/events/${plan.slug}`, { status: 'published' }), [200], `publish ${plan.slug}`);

  // Entries, while the regatta is published.
  state = (await loadEvent(plan.slug))!;
  if (state.status === 'published') {
    const existing = expect(await call('GET', `/api/v1/events/${plan.slug}/registrations?limit=100`), [200], 'list registrations');
    if (existing.body.data.length === 0) {
      let entry = 0;
      for (const fleet of state.fleets) {
        const fleetPlan = plan.fleets.find((candidate) => candidate.body.name === fleet.name)!;
        for (let index = 0; index < fleetPlan.entries; index += 1) {
          const sailor = sailorAt(plan.sailorOffset + entry);
          entry += 1;
          const ratings = ratingsFor(fleetPlan, index);
          const reply = await call('POST', `/api/v1/events/${plan.slug}/register`, {
            fleet: fleet.id,
            sailor,
            boat: {
              name: fleetPlan.boatNames[index % fleetPlan.boatNames.length]!,
              sailNumber: `${fleetPlan.sailPrefix} ${fleetPlan.sailStart + index}`,
              model: fleetPlan.model,
              ...(ratings ? { ratings } : {}),
            },
            crew: index % 3 === 0 ? [] : [sailorAt(plan.sailorOffset + 40 + index).name.split(' ')[0]!, sailorAt(plan.sailorOffset + 47 + index).name.split(' ')[0]!],
            emergencyContact: `Shore contact +1 410 555 0${100 + index}`,
          });
          expect(reply, [201, 409], `register ${sailor.name}`);
        }
      }
      log(`registered entries for ${plan.name}`);
    }
  }

  if (plan.target === 'published') return (await loadEvent(plan.slug))!;
  state = (await loadEvent(plan.slug))!;
  if (state.status === 'published') expect(await call('PUT', `/api/v1/events/${plan.slug}`, { status: 'ongoing' }), [200], `start ${plan.slug}`);

  state = (await loadEvent(plan.slug))!;
  if (state.status === 'ongoing') await submitResults(plan, state, now);
  if (plan.target === 'completed' && state.status === 'ongoing') {
    // A finished regatta's results are official (the ongoing one's stay provisional).
    if (resultsAvailable) expect(await call('POST', `/api/v1/events/${plan.slug}/results/publish`), [200], `publish the results of ${plan.slug}`);
    expect(await call('PUT', `/api/v1/events/${plan.slug}`, { status: 'completed' }), [200], `complete ${plan.slug}`);
  }
  return (await loadEvent(plan.slug))!;
}

let resultsAvailable = true;

async function submitResults(plan: EventPlan, state: EventState, now: number): Promise<void> {
  if (!resultsAvailable) return;
  const entries = expect(await call('GET', `/api/v1/events/${plan.slug}/registrations?limit=100&status=registered`), [200], 'list entries');
  const racesToScore = plan.target === 'completed' ? plan.races : Math.min(plan.races, 2);
  let submitted = 0;
  for (const fleet of state.fleets) {
    const boats = (entries.body.data as { fleetId: string; boat: { id: string } }[]).filter((entry) => entry.fleetId === fleet.id).map((entry) => entry.boat.id);
    if (boats.length === 0) continue;
    for (const race of state.races.filter((candidate) => candidate.fleetId === fleet.id && candidate.raceNumber <= racesToScore)) {
      if (race.status === 'finished') continue;
      const start = now + plan.startInDays * DAY + Math.floor((race.raceNumber - 1) / 3) * DAY + ((race.raceNumber - 1) % 3) * 90 * 60_000 + 11 * 3_600_000;
      // A deterministic but varied finishing order per race.
      const order = boats.map((boat, index) => ({ boat, key: (index * 7 + race.raceNumber * 3) % boats.length }));
      order.sort((a, b) => a.key - b.key);
      const results = order.map((item, place) => {
        if (place === order.length - 1 && race.raceNumber % 2 === 0) return { boat: item.boat, status: 'dnf' };
        return { boat: item.boat, status: 'finished', finishTime: new Date(start + 45 * 60_000 + place * 47_000 + (race.raceNumber % 3) * 13_000).toISOString() };
      });
      const reply = await eventually(
        () => call('POST', `/api/v1/events/${plan.slug}/races/${race.id}/results`, { actualStart: new Date(start).toISOString(), status: 'finished', results }),
        [400, 404, 409],
        'submit results',
        15,
      );
      if (reply.status === 404 || reply.status === 405) {
        warn(`results cannot be submitted yet (${reply.status} ${reply.body?.code ?? ''}); skipping results`);
        resultsAvailable = false;
        return;
      }
      if (reply.status !== 200 && reply.status !== 201) {
        warn(`results of ${fleet.name} race ${race.raceNumber} refused: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
        continue;
      }
      submitted += 1;
    }
  }
  if (submitted > 0) log(`submitted results of ${submitted} race(s) of ${plan.name}`);
}

// ------------------------------------------------------------------------------------------ series

async function ensureSeries(org: { id: string; slug: string }, name: string, year: number, eventSlugs: string[]): Promise<void> {
  const listed = expect(await call('GET', `/api/v1/series?org=${org.slug}&year=${year}&limit=100`), [200], 'list series');
  if ((listed.body.data as { name: string }[]).some((series) => series.name === name)) return;
  expect(await call('POST', '/api/v1/series', { organization: org.slug, name, year, events: eventSlugs, scoringRule: 'sum_of_net' }), [201], `create series ${name}`);
  log(`created series ${name}`);
}

// ------------------------------------------------------------------------------------------ widget

/** The demo club's embed token, allowed on the gateway's own origin (where the widget demo page lives). */
async function ensureEmbedToken(org: { id: string }): Promise<string> {
  const saved = readSaved();
  if (saved?.embedToken) {
    const probe = await fetch(`${GATEWAY}/api/v1/events/${DEMO_REGATTA.slug}/standings`, { headers: { 'x-embed-token': saved.embedToken } });
    await probe.text();
    if (probe.status === 200) return saved.embedToken;
    warn(`the saved embed token no longer works (${probe.status}); creating a new one`);
  }
  const origin = new URL(GATEWAY).origin;
  const origins = [...new Set([origin, origin.replace('127.0.0.1', 'localhost'), origin.replace('localhost', '127.0.0.1')])];
  const created = expect(await call('POST', '/api/v1/embed-tokens', { organizationId: org.id, name: 'Demo widget (seed)', allowedOrigins: origins }), [201], 'create the demo embed token');
  log(`created the demo club's embed token for ${origins.join(', ')}`);
  return created.body.data.token as string;
}

// ------------------------------------------------------------------------------------------ main

async function main(): Promise<void> {
  log(`seeding through ${GATEWAY}`);
  const { cookie } = await signIn();
  const { key, keyId } = await ensureKey(cookie);
  sessionCookie = cookie;
  writeCredentials(key, keyId);

  const now = Date.now();
  const federation = await ensureOrganization(FEDERATION.club);
  const seriesEvents: string[] = [];
  let demoClub: { id: string } | undefined;
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

  if (demoClub) writeCredentials(key, keyId, await ensureEmbedToken(demoClub));

  const list = expect(await call('GET', '/api/v1/events?limit=100'), [200], 'list events');
  log(`done: ${list.body.data.length} public regattas; credentials in .local/demo-credentials.txt`);
}

main().catch((error: unknown) => {
  process.stderr.write(`seed: failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
