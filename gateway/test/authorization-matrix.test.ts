/**
 * The acceptance matrix: every non-public route of the gateway's table (the contract's section 4 and
 * the extra routes) x every credential case gives exactly the status the contract names, with a
 * problem+json body for refusals and a contract-valid body (checked against the OpenAPI document) for
 * successes. Columns:
 *
 *   none, malformed, unknown, revoked, expired   401 at the gateway (each with its own code)
 *   missing_scope                                403 missing_scope (key routes) / 401 session_required (session routes)
 *   embed        the organization's embed token: 200 on the embed-readable reads, else 403 / 401
 *   non_member   a user with every scope who belongs to no organization: 403 naming the missing
 *                membership or admin role where the route needs one, 200/201 on public data
 *   member       (where the role matters) a user with the role "member" but not "admin"
 *   race_officer, scorer  (where the role matters: race capture) users with those roles, members who
 *                also record on the water
 *   valid        the organization's admin: the real success status, with its values checked
 *   not_found    a valid key (or session) addressing an unknown slug or id, or one that cannot name
 *                anything (250-character slug, "not-a-uuid"): 404 (also a foreign organization's
 *                webhook, which must look exactly like an unknown one)
 *   draft        a non-member addressing a draft event: 404 (it does not exist for them)
 *   rate_limited a key over its hourly limit: 429 on every key-authenticated route
 *
 * Fixtures (organizations, members, events, fleets, races, registrations, results, series, webhooks,
 * deliveries, embed tokens, keys) are built once, through the public API, before the rows run; the
 * rows then run side by side.
 */
import assert from 'node:assert/strict';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import {
  apiClient,
  checkResponse,
  createApiKey,
  createOrganization,
  eventually,
  findPathTemplate,
  newActor,
  signUp,
  uniqueSuffix,
  type Actor,
  type ApiResponse,
} from '@regatta/testing';
import { ROUTES, type RouteRule } from '../src/routes.js';

const api = apiClient();
const ALL = ['read', 'write', 'register', 'results', 'admin'];
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const randomKey = () => `rgt_${[...randomBytes(44)].map((byte) => ALPHABET[byte % 58]).join('')}`;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400_000;

type Case =
  | 'none'
  | 'malformed'
  | 'unknown'
  | 'revoked'
  | 'expired'
  | 'missing_scope'
  | 'non_member'
  | 'member'
  | 'race_officer'
  | 'scorer'
  | 'valid'
  | 'not_found'
  | 'draft'
  | 'embed'
  | 'rate_limited';

interface World {
  owner: Actor;
  member: Actor;
  /** Members with the race-officer and scorer roles (race capture). */
  officer: Actor;
  scorer: Actor;
  outsider: Actor;
  rival: Actor;
  /** Fresh users whose one use is POST /organizations (so nobody else gains an admin role meanwhile). */
  founder: Actor;
  stranger: Actor;
  /** Signed up only; POST /organizations/{slug}/members adds them. */
  joiner: { email: string };
  /** A member the valid DELETE /members removes. */
  leaver: { userId: string };
  /** A member the valid PATCH /members/{userId} makes an admin. */
  promotee: { userId: string };
  /** Sessions the logout rows end. */
  logoutValid: string;
  logoutNonMember: string;
  org: { id: string; slug: string; name: string };
  rivalOrg: { id: string; slug: string };
  event: { id: string; slug: string; name: string };
  draft: { id: string; slug: string; raceId: string; fleetId: string; finalFleetIds: string[] };
  fleetId: string;
  raceId: string;
  boatId: string;
  /** Registered by the owner for a guest sailor; the PATCH rows change its crew. */
  registrationId: string;
  /** Cancelled by the valid cancel row. */
  cancellableId: string;
  seriesSlug: string;
  seriesYear: number;
  webhookId: string;
  webhookToPatch: string;
  webhookToDelete: string;
  rivalWebhookId: string;
  deliveryId: string;
  receiverUrl: string;
  embedTokenId: string;
  /** The widget's secret (X-Embed-Token) of embedTokenId. */
  embedToken: string;
  embedTokenToDelete: string;
  keyToRevoke: string;
  revokedKey: string;
  expiredKey: string;
  limitedKey: string;
  keysWithout: Map<string, string>;
  /** Race committee protests against Alpha: the valid hearing row schedules one, the valid decision row decides the other. */
  protestToHear: string;
  protestToDecide: string;
  protestToWithdraw: string;
  /** The revision the set-up's results submission made (the valid revert row restores it). */
  firstRevision: string;
  /** A public ranking list of the organization, the day its computation includes the set-up's results, and the sailor it ranks. */
  rankingListId: string;
  rankingAsOf: string;
  rankedSailorId: string;
  /** A notice of the published regatta (its versions are read by the GET versions rows). */
  documentId: string;
  /** The regatta's entry form: a question and a waiver the change rows change, one of each the removal rows remove. */
  entryForm: { slug: string; questionId: string; questionToDelete: string; waiverId: string; waiverToDelete: string };
  /** Complete resources: what the valid change and removal rows change or remove (all in drafts, so nothing public moves). */
  /** Race capture: the entered boat's sail number as race capture knows it, and a device the valid DELETE row revokes. */
  capture: { sailNumber: string; deviceToRevoke: string };
  /** A browser's web push subscription of the owner (the valid DELETE row removes it). */
  pushEndpoint: string;
  /** Another of the owner's browsers, which stays (the GET rows read it). */
  pushEndpointHeld: string;
  changes: {
    slug: string;
    fleetToPatch: string;
    fleetToDelete: string;
    raceToPatch: string;
    raceToDelete: string;
    docToAmend: string;
    docToWithdraw: string;
    eventToDelete: string;
    eventToCancel: string;
    seriesToPatch: string;
    seriesToDelete: string;
  };
}

/** A browser's push keys as PushSubscription.toJSON() gives them: a P-256 public key and a 16-byte secret. */
function pushKeys(): { p256dh: string; auth: string } {
  const browser = createECDH('prime256v1');
  return { p256dh: browser.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

let w: World;
let receiver: http.Server | undefined;

async function ok(promise: Promise<ApiResponse>, status: number): Promise<any> {
  const response = await promise;
  assert.equal(response.status, status, `set-up: ${response.status} ${response.text.slice(0, 400)}`);
  return response.body;
}

before(async () => {
  const started = Date.now();
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/matrix-hook`;

  const [owner, member, outsider, rival, founder, stranger, leaver, joiner, logoutValid, logoutNonMember, promotee, officer, scorer] = await Promise.all([
    newActor(api),
    newActor(api),
    newActor(api),
    newActor(api),
    newActor(api),
    newActor(api),
    newActor(api),
    signUp(api),
    signUp(api),
    signUp(api),
    signUp(api),
    newActor(api),
    newActor(api),
  ]);
  const [org, rivalOrg] = await Promise.all([createOrganization(api, owner), createOrganization(api, rival)]);
  const key = owner.key;
  for (const person of [member, leaver, promotee]) {
    const added = await ok(api.post(`/api/v1/organizations/${org.slug}/members`, { email: person.email, role: 'member' }, { key }), 201);
    assert.equal(added.data.role, 'member');
  }
  for (const [person, role] of [[officer, 'race-officer'], [scorer, 'scorer']] as const) {
    const added = await ok(api.post(`/api/v1/organizations/${org.slug}/members`, { email: person.email, role }, { key }), 201);
    assert.equal(added.data.role, role);
  }

  // A published regatta with a fleet, a race, two registrations and one race's results; a draft beside it.
  const start = Math.floor((Date.now() + 30 * DAY) / DAY) * DAY;
  const eventName = `Matrix Regatta ${uniqueSuffix()}`;
  const dates = { startDate: new Date(start).toISOString(), endDate: new Date(start + 2 * DAY).toISOString() };
  const event = (await ok(api.post('/api/v1/events', { organization: org.slug, name: eventName, venue: 'Matrix Bay', ...dates }, { key }), 201)).data;
  const draft = (await ok(api.post('/api/v1/events', { organization: org.slug, name: `Matrix Draft ${uniqueSuffix()}`, ...dates }, { key }), 201)).data;
  const [fleet, draftFleet] = await Promise.all([
    ok(api.post(`/api/v1/events/${event.slug}/fleets`, { name: 'J/70' }, { key }), 201),
    ok(api.post(`/api/v1/events/${draft.slug}/fleets`, { name: 'J/70' }, { key }), 201),
  ]);
  const [race, draftRace] = await Promise.all([
    ok(api.post(`/api/v1/events/${event.slug}/races`, { fleetId: fleet.data.id, raceNumber: 1 }, { key }), 201),
    ok(api.post(`/api/v1/events/${draft.slug}/races`, { fleetId: draftFleet.data.id, raceNumber: 1 }, { key }), 201),
  ]);
  await ok(api.put(`/api/v1/events/${event.slug}`, { status: 'published' }, { key }), 200);
  // The draft's split series: its J/70 fleet qualifies into Gold and Silver.
  const finalFleetIds: string[] = [];
  for (const name of ['Gold', 'Silver']) finalFleetIds.push((await ok(api.post(`/api/v1/events/${draft.slug}/fleets`, { name }, { key }), 201)).data.id);
  await ok(api.put(`/api/v1/events/${draft.slug}/split-series`, { qualifyingFleets: [draftFleet.data.id], finalFleets: finalFleetIds }, { key }), 200);
  const guest = (name: string) => ({
    fleet: fleet.data.id,
    boat: { name: `Boat ${name}`, sailNumber: `USA ${name} ${uniqueSuffix()}` },
    sailor: { name: `Skipper ${name}`, email: `skipper-${name.toLowerCase()}-${uniqueSuffix()}@example.org` },
  });
  const registration = (await ok(api.post(`/api/v1/events/${event.slug}/register`, guest('Alpha'), { key }), 201)).data;
  const cancellable = (await ok(api.post(`/api/v1/events/${event.slug}/register`, guest('Bravo'), { key }), 201)).data;
  const actualStart = new Date(start + 12 * 3_600_000);
  const submitted = await ok(
    api.post(
      `/api/v1/events/${event.slug}/races/${race.data.id}/results`,
      { actualStart: actualStart.toISOString(), results: [{ boat: registration.boatId, finishTime: new Date(actualStart.getTime() + 3_600_000).toISOString(), status: 'finished' }] },
      { key },
    ),
    200,
  );
  // The events service hears of the results (results.updated): the rows refusing to delete or re-status a race with results rely on it.
  await eventually(
    async () => (((await api.get(`/api/v1/events/${event.slug}`, { key, query: { include: 'results' } })).body.data?.results?.length ?? 0) > 0 ? true : undefined),
    10_000,
    'the results in the events service',
  );
  // Overall results: one the GET rows read (the PUT rows run alongside them, in any order).
  await ok(api.put(`/api/v1/events/${event.slug}/overall`, { fleets: [fleet.data.id], method: 'points' }, { key }), 200);
  const committeeProtest = () =>
    ok(api.post(`/api/v1/events/${event.slug}/protests`, { type: 'race_committee', raceIds: [race.data.id], protesteeBoats: [registration.boatId], incident: 'Matrix: OCS not returned' }, { key }), 201);
  const [protestToHear, protestToDecide, protestToWithdraw] = [(await committeeProtest()).data.id as string, (await committeeProtest()).data.id as string, (await committeeProtest()).data.id as string];
  const series = (await ok(api.post('/api/v1/series', { organization: org.slug, name: `Matrix Series ${uniqueSuffix()}`, year: new Date(start).getUTCFullYear(), events: [event.slug] }, { key }), 201)).data;
  // Complete resources: a notice of the regatta, and a draft whose parts the valid change and removal rows change or remove.
  const notice = (slug: string, title: string) => ok(api.post(`/api/v1/events/${slug}/documents`, { kind: 'notice', title, body: 'Matrix notice.' }, { key }), 201);
  const documentId = (await notice(event.slug, 'Matrix notice')).data.id as string;
  // A draft regatta of its own for the entry form rows (its required questions and waivers would ask the register rows for answers).
  const formEvent = (await ok(api.post('/api/v1/events', { organization: org.slug, name: `Matrix Entry Form ${uniqueSuffix()}`, ...dates }, { key }), 201)).data;
  const formPart = (part: 'questions' | 'waivers', body: Record<string, unknown>) => ok(api.post(`/api/v1/events/${formEvent.slug}/entry-form/${part}`, body, { key }), 201);
  const entryForm = {
    slug: formEvent.slug as string,
    questionId: (await formPart('questions', { kind: 'text', label: 'Matrix club' })).data.id as string,
    questionToDelete: (await formPart('questions', { kind: 'yes_no', label: 'Matrix dinner' })).data.id as string,
    waiverId: (await formPart('waivers', { title: 'Matrix waiver', body: 'At my own risk.' })).data.id as string,
    waiverToDelete: (await formPart('waivers', { title: 'Matrix photo release', body: 'Photos may be published.' })).data.id as string,
  };
  const draftEvent = () => ok(api.post('/api/v1/events', { organization: org.slug, name: `Matrix Changes ${uniqueSuffix()}`, ...dates }, { key }), 201);
  const [spare, eventToDelete, eventToCancel] = [(await draftEvent()).data, (await draftEvent()).data, (await draftEvent()).data];
  const spareFleet = (name: string) => ok(api.post(`/api/v1/events/${spare.slug}/fleets`, { name }, { key }), 201);
  const [fleetToPatch, fleetToDelete] = [(await spareFleet('Patch')).data.id as string, (await spareFleet('Delete')).data.id as string];
  const spareRace = (raceNumber: number) => ok(api.post(`/api/v1/events/${spare.slug}/races`, { fleetId: fleetToPatch, raceNumber }, { key }), 201);
  const [raceToPatch, raceToDelete] = [(await spareRace(1)).data.id as string, (await spareRace(2)).data.id as string];
  const [docToAmend, docToWithdraw] = [(await notice(spare.slug, 'To amend')).data.id as string, (await notice(spare.slug, 'To withdraw')).data.id as string];
  // 2032: out of the GET /series rows' year.
  const spareSeries = () => ok(api.post('/api/v1/series', { organization: org.slug, name: `Matrix Changes ${uniqueSuffix()}`, year: 2032, events: [spare.slug] }, { key }), 201);
  const [seriesToPatch, seriesToDelete] = [(await spareSeries()).data.slug as string, (await spareSeries()).data.slug as string];
  // Race capture knows the regatta's race and entries from the events service's facts.
  const captureContext = await eventually(
    async () => {
      const context = await api.get(`/api/v1/events/${event.slug}/capture/context`, { key, contract: false });
      return context.status === 200 && context.body.data.races.length > 0 && context.body.data.entries.length > 0 ? context.body.data : undefined;
    },
    10_000,
    'race capture projected the regatta',
  );
  const captureSail = (captureContext.entries as { registrationId: string; sailNumber: string }[]).find((entry) => entry.registrationId === registration.id)!.sailNumber;
  const enrolment = (await ok(api.post(`/api/v1/events/${event.slug}/capture/enrolments`, { label: 'Matrix device' }, { key }), 201)).data;
  const deviceToRevoke = (await ok(api.post('/api/v1/capture/devices', { code: enrolment.code }), 201)).data.deviceId as string;
  const pushEndpoint = `https://push.example.org/matrix/${uniqueSuffix()}`;
  await ok(api.post('/api/v1/notifications/push/subscriptions', { endpoint: pushEndpoint, keys: pushKeys() }, { key }), 201);
  const pushEndpointHeld = `https://push.example.org/matrix/${uniqueSuffix()}`;
  await ok(api.post('/api/v1/notifications/push/subscriptions', { endpoint: pushEndpointHeld, keys: pushKeys() }, { key }), 201);
  const changes = { slug: spare.slug, fleetToPatch, fleetToDelete, raceToPatch, raceToDelete, docToAmend, docToWithdraw, eventToDelete: eventToDelete.slug, eventToCancel: eventToCancel.slug, seriesToPatch, seriesToDelete };

  // Webhooks (organization given: the owner may administer several organizations by now), a delivery.
  const hook = (organizationId: string, actorKey = key) =>
    ok(api.post('/api/v1/webhooks', { url: receiverUrl, events: ['results.updated', 'registration.created'], organizationId }, { key: actorKey }), 201);
  const [webhook, webhookToPatch, webhookToDelete, rivalWebhook] = await Promise.all([hook(org.id), hook(org.id), hook(org.id), hook(rivalOrg.id, rival.key)]);
  await ok(api.post(`/api/v1/webhooks/${webhook.data.id}/ping`, {}, { key }), 202);
  const deliveryId = await eventually(
    // The ping's delivery, not whatever else the webhook received meanwhile (results of the set-up).
    async () => ((await api.get(`/api/v1/webhooks/${webhook.data.id}/deliveries`, { key })).body.data as { id: string; event: string }[]).find((d) => d.event === 'ping')?.id,
    10_000,
    'the ping delivery attempt',
  );

  // Embed tokens, keys.
  const embed = () => ok(api.post('/api/v1/embed-tokens', { organizationId: org.id, name: `widget ${uniqueSuffix()}`, allowedOrigins: ['https://club.example.org'] }, { cookie: owner.cookie }), 201);
  const [embedToken, embedTokenToDelete] = await Promise.all([embed(), embed()]);
  const [keyToRevoke, revoked, expired, limited] = await Promise.all([
    createApiKey(api, owner.cookie, { scopes: ['read'] }),
    createApiKey(api, owner.cookie, { scopes: ALL }),
    createApiKey(api, owner.cookie, { scopes: ALL, expiresInDays: 1 }),
    createApiKey(api, owner.cookie, { scopes: ALL }),
  ]);
  assert.equal((await api.delete('/api/v1/keys', { cookie: owner.cookie, query: { id: revoked.keyId } })).status, 200);
  const db = new pg.Client({ connectionString: process.env['E2E_DATABASE_URL'] });
  await db.connect();
  try {
    // Neither key has been presented yet, so no gateway has cached the old values.
    const moved = await db.query(`UPDATE identity.api_keys SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.keyId]);
    assert.equal(moved.rowCount, 1);
    const limitedRows = await db.query(`UPDATE identity.api_keys SET rate_limit = 1 WHERE id = $1`, [limited.keyId]);
    assert.equal(limitedRows.rowCount, 1);
  } finally {
    await db.end();
  }
  const spent = await api.get('/api/v1/events', { key: limited.key, query: { limit: 1 } });
  assert.deepEqual([spent.status, spent.headers.get('ratelimit-limit'), spent.headers.get('ratelimit-remaining')], [200, '1', '0']);

  const keysWithout = new Map<string, string>();
  for (const rule of ROUTES) {
    if (rule.access.kind !== 'credential') continue;
    const lacking = [...rule.access.anyOf].sort().join('+');
    if (!keysWithout.has(lacking)) {
      const scopes = ALL.filter((scope) => !(rule.access as { anyOf: string[] }).anyOf.includes(scope));
      keysWithout.set(lacking, (await createApiKey(api, owner.cookie, { scopes })).key);
    }
  }

  // Projections other services keep: the owner's sailor profile and the registered boat.
  await eventually(async () => ((await api.get(`/api/v1/sailors/${owner.userId}`, { key, contract: false })).status === 200 ? true : undefined), 10_000, 'sailor profile');
  await eventually(async () => ((await api.get(`/api/v1/boats/${registration.boatId}`, { key, contract: false })).status === 200 ? true : undefined), 10_000, 'boat');
  // Rankings (sailors): a public list of the organization (once sailors knows the organization) and
  // the sailor it ranks from the set-up's results, as of the day after the regatta.
  const rankingAsOf = new Date(start + 3 * DAY).toISOString().slice(0, 10);
  const rankingList = await eventually(
    async () => {
      const created = await api.post(`/api/v1/organizations/${org.slug}/rankings`, { name: `Matrix Ranking ${uniqueSuffix()}`, formula: { kind: 'best_n', n: 2, windowMonths: 12 } }, { key, contract: false });
      return created.status === 201 ? (created.body.data as { id: string }) : undefined;
    },
    10_000,
    'a ranking list',
  );
  const rankedSailorId = await eventually(
    async () => {
      const ranking = await api.get(`/api/v1/organizations/${org.slug}/rankings/${rankingList.id}`, { key, query: { asOf: rankingAsOf }, contract: false });
      return ranking.body?.entries?.[0]?.sailor?.id as string | undefined;
    },
    10_000,
    'the ranking of the set-up results',
  );

  w = {
    owner,
    member,
    officer,
    scorer,
    outsider,
    rival,
    founder,
    stranger,
    joiner,
    leaver,
    promotee: { userId: promotee.userId },
    logoutValid: logoutValid.cookie,
    logoutNonMember: logoutNonMember.cookie,
    org,
    rivalOrg,
    event: { id: event.id, slug: event.slug, name: eventName },
    draft: { id: draft.id, slug: draft.slug, raceId: draftRace.data.id, fleetId: draftFleet.data.id, finalFleetIds },
    fleetId: fleet.data.id,
    raceId: race.data.id,
    boatId: registration.boatId,
    registrationId: registration.id,
    cancellableId: cancellable.id,
    seriesSlug: series.slug,
    seriesYear: series.year,
    webhookId: webhook.data.id,
    webhookToPatch: webhookToPatch.data.id,
    webhookToDelete: webhookToDelete.data.id,
    rivalWebhookId: rivalWebhook.data.id,
    deliveryId,
    receiverUrl,
    embedTokenId: embedToken.data.id,
    embedToken: embedToken.data.token,
    embedTokenToDelete: embedTokenToDelete.data.id,
    keyToRevoke: keyToRevoke.keyId,
    revokedKey: revoked.key,
    expiredKey: expired.key,
    limitedKey: limited.key,
    keysWithout,
    protestToHear,
    protestToDecide,
    protestToWithdraw,
    firstRevision: submitted.revision.id as string,
    rankingListId: rankingList.id,
    rankingAsOf,
    rankedSailorId,
    documentId,
    entryForm,
    capture: { sailNumber: captureSail, deviceToRevoke },
    changes,
    pushEndpoint,
    pushEndpointHeld,
  };
  process.stdout.write(`matrix fixtures built in ${Date.now() - started} ms\n`);
});

after(async () => {
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  if (process.env['MATRIX_TABLE']) {
    const columns: Case[] = ['none', 'malformed', 'unknown', 'revoked', 'expired', 'missing_scope', 'embed', 'non_member', 'member', 'race_officer', 'scorer', 'valid', 'not_found', 'draft', 'rate_limited'];
    const lines = [`| route | ${columns.join(' | ')} |`, `|---|${columns.map(() => '---').join('|')}|`];
    for (const route of MATRIX_ROUTES.map(keyOf)) {
      const cells = observed.get(route) ?? new Map<Case, Set<string>>();
      lines.push(`| ${route} | ${columns.map((column) => [...(cells.get(column) ?? [])].join(',') || '-').join(' | ')} |`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
});

// ---------------------------------------------------------------------------------------------
// What each route is asked and what it must answer.

interface Call {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A body that is not JSON (a file upload), sent as text/plain. */
  rawBody?: string;
}

interface Who {
  key?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

interface Outcome {
  status: number;
  /** The problem's code (refusals). */
  code?: string;
  /** Worked values of a success body (or extra fields of a problem). */
  check?: (body: any) => void;
}

interface Row {
  which: Case;
  label?: string;
  who?: (w: World) => Who;
  call?: (w: World) => Call;
  outcome: Outcome;
}

interface RouteSpec {
  /** The request every gateway-level column sends (and the service-level ones unless they say otherwise). */
  call: (w: World) => Call;
  rows: Row[];
}

const ownerKey = (x: World): Who => ({ key: x.owner.key });
const ownerSession = (x: World): Who => ({ cookie: x.owner.cookie });
const outsiderKey = (x: World): Who => ({ key: x.outsider.key });
const outsiderSession = (x: World): Who => ({ cookie: x.outsider.cookie });
const memberKey = (x: World): Who => ({ key: x.member.key });
const memberSession = (x: World): Who => ({ cookie: x.member.cookie });
const officerSession = (x: World): Who => ({ cookie: x.officer.cookie });
const scorerKey = (x: World): Who => ({ key: x.scorer.key });

const refused = (status: number, code: string, check?: (body: any) => void): Outcome => ({ status, code, ...(check ? { check } : {}) });
const missing: Outcome = { status: 404, code: 'not_found' };
/** 403 for a plain member on race capture's recording and device operations (the caller's role named). */
const captureRoleRequired = refused(403, 'capture_role_required', (body) => assert.equal(body.role, 'member'));
/** 403 that names the organization whose membership is missing. */
const notAMember = (x: () => World): Outcome =>
  refused(403, 'not_a_member', (body) => {
    assert.match(body.detail, new RegExp(x().org.slug));
  });
const namesOrganization = (x: () => World) => (body: any) => assert.deepEqual(body.organization, { id: x().org.id, slug: x().org.slug, name: x().org.name });

const eventPath = (x: World, suffix = '', slug = x.event.slug) => `/api/v1/events/${slug}${suffix}`;
const noSuchSlug = () => `no-such-${uniqueSuffix()}`;
const resultsBody = (x: World, boat = x.boatId) => {
  const start = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY + 12 * 3_600_000);
  return { actualStart: start.toISOString(), results: [{ boat, finishTime: new Date(start.getTime() + 3_540_000).toISOString(), status: 'finished' }] };
};
/**
 * Standings after race 1, where only Boat Alpha was scored as finishing: Alpha first with 1 point;
 * every other registered boat did not compete, scoring entries + 1 (RRS A5.2) and sharing second place.
 * (How many boats are entered depends on the register and cancel rows running beside this one.)
 */
function assertOneFinisher(rows: [number, string, number, number][]): void {
  const others = rows.length + 1;
  assert.deepEqual(
    rows,
    rows.map((row, index) => (index === 0 ? [1, w.boatId, 1, 1] : [2, row[1], others, others])),
  );
}
/** A finish of the entered boat a minute ago, with a fresh client id (race capture). */
const captureFinish = (x: World) => ({ id: randomUUID(), raceId: x.raceId, kind: 'finish', sailNumber: x.capture.sailNumber, at: new Date(Date.now() - 60_000).toISOString() });
/** A sign-out of the registered boat with a fresh client id (the safety tally). */
const tallyMove = (x: World) => ({ id: randomUUID(), registrationId: x.registrationId, kind: 'out' });
const includesId = (list: { id: string }[], id: string) => assert.ok(list.some((item) => item.id === id), `${id} not in ${JSON.stringify(list.map((item) => item.id))}`);

const SPECS: Record<string, RouteSpec> = {
  // identity: sessions -------------------------------------------------------------------------
  'POST /api/v1/auth/logout': {
    call: () => ({ path: '/api/v1/auth/logout' }),
    rows: [
      { which: 'non_member', who: (x) => ({ cookie: x.logoutNonMember }), outcome: { status: 204 } },
      { which: 'valid', who: (x) => ({ cookie: x.logoutValid }), outcome: { status: 204 } },
    ],
  },
  'GET /api/v1/auth/session': {
    call: () => ({ path: '/api/v1/auth/session' }),
    rows: [
      { which: 'non_member', who: outsiderSession, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.user.id, body.data.memberships], [w.outsider.userId, []]) } },
      {
        which: 'valid',
        who: ownerSession,
        outcome: {
          status: 200,
          check: (body) => {
            assert.equal(body.data.user.id, w.owner.userId);
            assert.deepEqual(body.data.memberships.find((m: any) => m.organizationId === w.org.id)?.role, 'admin');
          },
        },
      },
    ],
  },
  'GET /api/v1/keys': {
    call: () => ({ path: '/api/v1/keys' }),
    rows: [
      // Another user sees only their own keys.
      {
        which: 'non_member',
        who: outsiderSession,
        outcome: {
          status: 200,
          check: (body) => {
            includesId(body.data, w.outsider.keyId);
            assert.ok(!body.data.some((k: any) => k.id === w.owner.keyId), "the owner's key is not listed");
          },
        },
      },
      {
        which: 'valid',
        who: ownerSession,
        outcome: {
          status: 200,
          check: (body) => {
            includesId(body.data, w.owner.keyId);
            assert.ok(body.data.every((k: any) => !('apiKey' in k)), 'keys are never shown again');
          },
        },
      },
    ],
  },
  'POST /api/v1/keys': {
    call: () => ({ path: '/api/v1/keys', body: { name: `matrix ${uniqueSuffix()}`, scopes: ['read', 'results'] } }),
    rows: [
      { which: 'non_member', who: outsiderSession, outcome: { status: 201, check: (body) => assert.deepEqual(body.data.scopes, ['read', 'results']) } },
      {
        which: 'valid',
        who: ownerSession,
        outcome: {
          status: 201,
          check: (body) => {
            assert.deepEqual(body.data.scopes, ['read', 'results']);
            assert.equal(body.data.keyPrefix, body.data.apiKey.slice(0, 14));
          },
        },
      },
    ],
  },
  'DELETE /api/v1/keys': {
    call: (x) => ({ path: '/api/v1/keys', query: { id: x.keyToRevoke } }),
    rows: [
      // Someone else's key looks like no key at all.
      { which: 'non_member', who: outsiderSession, outcome: missing },
      { which: 'valid', who: ownerSession, outcome: { status: 200 } },
      { which: 'not_found', who: ownerSession, call: () => ({ path: '/api/v1/keys', query: { id: UNKNOWN_ID } }), outcome: missing },
    ],
  },
  'GET /api/v1/embed-tokens': {
    call: (x) => ({ path: '/api/v1/embed-tokens', query: { organizationId: x.org.id } }),
    rows: [
      { which: 'non_member', who: outsiderSession, outcome: refused(403, 'organization_membership_required') },
      { which: 'member', who: memberSession, outcome: { status: 200, check: (body) => includesId(body.data, w.embedTokenId) } },
      { which: 'valid', who: ownerSession, outcome: { status: 200, check: (body) => includesId(body.data, w.embedTokenId) } },
    ],
  },
  'POST /api/v1/embed-tokens': {
    call: (x) => ({ path: '/api/v1/embed-tokens', body: { organizationId: x.org.id, name: 'matrix widget', allowedOrigins: ['https://club.example.org'] } }),
    rows: [
      { which: 'non_member', who: outsiderSession, outcome: refused(403, 'organization_membership_required') },
      {
        which: 'valid',
        who: ownerSession,
        outcome: {
          status: 201,
          check: (body) => {
            assert.deepEqual([body.data.organizationId, body.data.allowedOrigins, body.data.active], [w.org.id, ['https://club.example.org'], true]);
            assert.ok(body.data.token.startsWith(body.data.tokenPrefix));
          },
        },
      },
    ],
  },
  'DELETE /api/v1/embed-tokens': {
    call: (x) => ({ path: '/api/v1/embed-tokens', query: { id: x.embedTokenId } }),
    rows: [
      { which: 'non_member', who: outsiderSession, outcome: refused(403, 'organization_membership_required') },
      { which: 'valid', who: ownerSession, call: (x) => ({ path: '/api/v1/embed-tokens', query: { id: x.embedTokenToDelete } }), outcome: { status: 200 } },
      { which: 'not_found', who: ownerSession, call: () => ({ path: '/api/v1/embed-tokens', query: { id: UNKNOWN_ID } }), outcome: missing },
    ],
  },

  // identity: memberships ----------------------------------------------------------------------
  'GET /api/v1/organizations/:slug/members': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/members` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_membership_required') },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.equal(body.data.find((m: any) => m.userId === w.owner.userId)?.role, 'admin') } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            const roles = Object.fromEntries(body.data.map((m: any) => [m.userId, m.role]));
            assert.deepEqual([roles[w.owner.userId], roles[w.member.userId], roles[w.outsider.userId]], ['admin', 'member', undefined]);
          },
        },
      },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/organizations/${noSuchSlug()}/members` }), outcome: missing },
    ],
  },
  'POST /api/v1/organizations/:slug/members': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/members`, body: { email: x.joiner.email, role: 'member' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.email, body.data.role], [w.joiner.email, 'member']) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${noSuchSlug()}/members`, body: { email: x.joiner.email, role: 'member' } }), outcome: missing },
    ],
  },
  'PATCH /api/v1/organizations/:slug/members/:userId': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/members/${x.promotee.userId}`, body: { role: 'admin' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.userId, body.data.role], [w.promotee.userId, 'admin']) } },
      { which: 'not_found', label: 'unknown organization', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${noSuchSlug()}/members/${x.promotee.userId}`, body: { role: 'admin' } }), outcome: missing },
      { which: 'not_found', label: 'not a member', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/members/${x.outsider.userId}`, body: { role: 'admin' } }), outcome: missing },
    ],
  },
  'DELETE /api/v1/organizations/:slug/members/:userId': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/members/${x.leaver.userId}` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 200 } },
      { which: 'not_found', label: 'unknown organization', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${noSuchSlug()}/members/${x.leaver.userId}` }), outcome: missing },
      { which: 'not_found', label: 'unknown user', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/members/${UNKNOWN_ID}` }), outcome: missing },
    ],
  },

  // organizations ------------------------------------------------------------------------------
  'GET /api/v1/organizations': {
    call: (x) => ({ path: '/api/v1/organizations', query: { q: x.org.name } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.organizations.map((o: any) => o.slug), [w.org.slug]) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            assert.deepEqual([body.organizations.map((o: any) => o.slug), body.count, body.limit, body.offset], [[w.org.slug], 1, 20, 0]);
            assert.equal(body.organizations[0].upcomingEvents, 1, 'the published regatta (the draft is not public)');
          },
        },
      },
    ],
  },
  'POST /api/v1/organizations': {
    call: () => ({ path: '/api/v1/organizations', body: { name: `Matrix Sailing Club ${uniqueSuffix()}`, type: 'sailing-club' } }),
    rows: [
      // Anyone with the write scope may found an organization (and becomes its admin).
      { which: 'non_member', who: (x) => ({ key: x.stranger.key }), outcome: { status: 201, check: (body) => assert.equal(body.data.type, 'sailing-club') } },
      { which: 'valid', who: (x) => ({ key: x.founder.key }), outcome: { status: 201, check: (body) => assert.equal(body.data.type, 'sailing-club') } },
    ],
  },
  'GET /api/v1/organizations/:slug': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.organization.id, w.org.id) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: { status: 200, check: (body) => assert.deepEqual([body.organization.id, body.upcomingEvents.map((e: any) => e.slug)], [w.org.id, [w.event.slug]]) },
      },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/organizations/${noSuchSlug()}` }), outcome: missing },
    ],
  },
  'PATCH /api/v1/organizations/:slug': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}`, body: { description: 'Racing since the matrix.' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.description, 'Racing since the matrix.') } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/organizations/${noSuchSlug()}`, body: { description: 'x' } }), outcome: missing },
    ],
  },

  // events -------------------------------------------------------------------------------------
  'GET /api/v1/events': {
    call: (x) => ({ path: '/api/v1/events', query: { q: x.event.name } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.data.map((e: any) => e.slug), [w.event.slug]) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            assert.deepEqual(body.data.map((e: any) => [e.slug, e.status, e.organization.slug]), [[w.event.slug, 'published', w.org.slug]]);
            assert.deepEqual(body.pagination, { limit: 20, offset: 0, hasMore: false });
          },
        },
      },
    ],
  },
  'POST /api/v1/events': {
    call: (x) => ({
      path: '/api/v1/events',
      body: { organization: x.org.slug, name: `Matrix Sprint ${uniqueSuffix()}`, startDate: '2031-05-01T10:00:00Z', endDate: '2031-05-02T18:00:00Z' },
    }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.status, body.data.organization.slug], ['draft', w.org.slug]) } },
    ],
  },
  // An organization's own regattas, drafts included, for its members (the draft is named alone by q).
  'GET /api/v1/organizations/:slug/events': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/events`, query: { q: 'Matrix Draft' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.data.map((e: any) => [e.slug, e.status]), [[w.draft.slug, 'draft']]) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            assert.deepEqual(body.data.map((e: any) => [e.slug, e.status, e.organization.slug]), [[w.draft.slug, 'draft', w.org.slug]]);
            assert.deepEqual(body.pagination, { limit: 20, offset: 0, hasMore: false });
          },
        },
      },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/organizations/${noSuchSlug()}/events` }), outcome: missing },
    ],
  },
  // results-scoring: the Sailwave import (a member may import, as she may create an event)
  'POST /api/v1/organizations/:slug/imports/sailwave': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/imports/sailwave`, rawBody: `"serversion","2.38.02","",""\r\n"serevent","Matrix Import ${uniqueSuffix()}","",""\r\n` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.event.status, body.organization.slug], ['draft', w.org.slug]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.event.status, body.counts.fleets], ['draft', 0]) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/organizations/${noSuchSlug()}/imports/sailwave`, rawBody: '"serversion","2.38.02","",""\r\n' }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug': {
    call: (x) => ({ path: eventPath(x), query: { include: 'fleets,races,registrations,results,documents' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.data.id, w.event.id) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            assert.deepEqual([body.data.id, body.data.status, body.data.organization.slug], [w.event.id, 'published', w.org.slug]);
            includesId(body.data.fleets, w.fleetId);
            includesId(body.data.races, w.raceId);
            includesId(body.data.registrations, w.registrationId);
          },
        },
      },
      // A member sees the organization's draft; a non-member is told it does not exist.
      { which: 'member', label: 'draft', who: memberKey, call: (x) => ({ path: eventPath(x, '', x.draft.slug) }), outcome: { status: 200, check: (body) => assert.equal(body.data.status, 'draft') } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}` }), outcome: missing },
    ],
  },
  'PUT /api/v1/events/:slug': {
    call: (x) => ({ path: eventPath(x), body: { description: 'Three days of round the buoys racing.' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.equal(body.data.description, 'Three days of round the buoys racing.') } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.description], [w.event.id, 'Three days of round the buoys racing.']) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '', x.draft.slug), body: { description: 'x' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}`, body: { description: 'x' } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/copy': {
    call: (x) => ({ path: eventPath(x, '/copy'), body: { name: `Matrix Copy ${uniqueSuffix()}`, startDate: '2031-05-01' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      // A member may copy, as she may create an event.
      { which: 'member', who: memberKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.status, body.data.organization.slug], ['draft', w.org.slug]) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 201,
          check: (body) => {
            assert.deepEqual([body.data.status, body.data.venue, body.data.startDate.slice(0, 10), body.data.organization.slug], ['draft', 'Matrix Bay', '2031-05-01', w.org.slug]);
            assert.ok(body.data.fleets.some((fleet: any) => fleet.name === 'J/70'), 'the fleet is copied');
            assert.ok(body.data.races.some((race: any) => race.raceNumber === 1 && race.status === 'scheduled'), 'the race is copied, not its progress');
            assert.ok(body.data.documents.some((document: any) => document.title === 'Matrix notice'), 'the notice is copied');
            assert.equal('registrations' in body.data, false, 'entries are not copied');
          },
        },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/copy', x.draft.slug), body: { name: 'Ghost Copy', startDate: '2031-05-01' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/copy`, body: { name: 'Ghost Copy', startDate: '2031-05-01' } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/register': {
    call: (x) => ({ path: eventPath(x, '/register'), body: { fleet: x.fleetId, boat: { name: 'Outsider', sailNumber: `CAN ${uniqueSuffix()}` } } }),
    rows: [
      // Registering oneself needs no membership.
      {
        which: 'non_member',
        who: outsiderKey,
        outcome: { status: 201, check: (body) => assert.deepEqual([body.data.userId, body.data.eventId, body.data.fleetId, body.data.status], [w.outsider.userId, w.event.id, w.fleetId, 'registered']) },
      },
      {
        which: 'valid',
        who: ownerKey,
        call: (x) => ({
          path: eventPath(x, '/register'),
          body: { fleet: x.fleetId, boat: { name: 'Charlie', sailNumber: `USA C ${uniqueSuffix()}` }, sailor: { name: 'Skipper Charlie', email: `charlie-${uniqueSuffix()}@example.org` } },
        }),
        outcome: { status: 201, check: (body) => assert.deepEqual([body.data.eventId, body.data.status, body.data.paymentStatus], [w.event.id, 'registered', 'pending']) },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/register', x.draft.slug), body: { fleet: 'J/70', boat: { name: 'Ghost' } } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/register`, body: { fleet: x.fleetId, boat: { name: 'Ghost' } } }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/registrations': {
    call: (x) => ({ path: eventPath(x, '/registrations') }),
    rows: [
      {
        which: 'non_member',
        who: outsiderKey,
        outcome: {
          status: 200,
          check: (body) => {
            const entry = body.data.find((r: any) => r.id === w.registrationId);
            assert.ok(entry, 'the registration is listed');
            assert.equal(entry.paymentStatus, undefined, 'private fields are for organizers and the sailor');
          },
        },
      },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.find((r: any) => r.id === w.registrationId)?.paymentStatus, 'pending') } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/registrations', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/registrations` }), outcome: missing },
    ],
  },
  'PATCH /api/v1/events/:slug/registrations/:registrationId': {
    call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}`), body: { crew: ['Matrix Crew'] } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.crew], [w.registrationId, ['Matrix Crew']]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}`, x.draft.slug), body: { crew: [] } }), outcome: missing },
      { which: 'not_found', label: 'unknown event', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/registrations/${x.registrationId}`, body: { crew: [] } }), outcome: missing },
      { which: 'not_found', label: 'unknown registration', who: ownerKey, call: (x) => ({ path: eventPath(x, `/registrations/${UNKNOWN_ID}`), body: { crew: [] } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/registrations/:registrationId/move': {
    // Into the fleet it is in: nothing moves (the entry keeps its results), the checks all run.
    call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}/move`), body: { fleet: x.fleetId } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.fleetId, body.changed, body.promoted], [w.registrationId, w.fleetId, [], null]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}/move`, x.draft.slug), body: { fleet: x.fleetId } }), outcome: missing },
      { which: 'not_found', label: 'unknown event', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/registrations/${x.registrationId}/move`, body: { fleet: x.fleetId } }), outcome: missing },
      { which: 'not_found', label: 'unknown registration', who: ownerKey, call: (x) => ({ path: eventPath(x, `/registrations/${UNKNOWN_ID}/move`), body: { fleet: x.fleetId } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/registrations/:registrationId/cancel': {
    call: (x) => ({ path: eventPath(x, `/registrations/${x.cancellableId}/cancel`) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.status, body.promoted], [w.cancellableId, 'cancelled', null]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}/cancel`, x.draft.slug) }), outcome: missing },
      { which: 'not_found', label: 'unknown event', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/registrations/${x.registrationId}/cancel` }), outcome: missing },
      { which: 'not_found', label: 'unknown registration', who: ownerKey, call: (x) => ({ path: eventPath(x, `/registrations/${UNKNOWN_ID}/cancel`) }), outcome: missing },
    ],
  },
  // Engine options: an entry's rating changes.
  'GET /api/v1/events/:slug/registrations/:registrationId/ratings': {
    call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}/ratings`) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.registrationId, w.registrationId) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}/ratings`, x.draft.slug) }), outcome: missing },
      { which: 'not_found', label: 'unknown registration', who: ownerKey, call: (x) => ({ path: eventPath(x, `/registrations/${UNKNOWN_ID}/ratings`) }), outcome: missing },
    ],
  },
  'PUT /api/v1/events/:slug/registrations/:registrationId/ratings': {
    call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}/ratings`), body: { system: 'irc', value: 1.02, fromRace: 2 } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: { status: 200, check: (body) => assert.deepEqual(body.data.ratingChanges.map((c: any) => [c.key, c.value, c.fromRace]), [['irc', 1.02, 2]]) },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}/ratings`, x.draft.slug), body: { system: 'irc', value: 1, fromRace: 1 } }), outcome: missing },
      { which: 'not_found', label: 'unknown registration', who: ownerKey, call: (x) => ({ path: eventPath(x, `/registrations/${UNKNOWN_ID}/ratings`), body: { system: 'irc', value: 1, fromRace: 1 } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/fleets': {
    call: (x) => ({ path: eventPath(x, '/fleets'), body: { name: `Lasers ${uniqueSuffix()}`, scoringSystem: 'low_point', dropRaces: 1 } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.eventId, body.data.scoringSystem, body.data.dropRaces], [w.event.id, 'low_point', 1]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/fleets', x.draft.slug), body: { name: 'Ghosts' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/fleets`, body: { name: 'Ghosts' } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/races': {
    call: (x) => ({ path: eventPath(x, '/races'), body: { fleetId: x.fleetId, name: 'Matrix race' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.eventId, body.data.fleetId, body.data.status], [w.event.id, w.fleetId, 'scheduled']) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/races', x.draft.slug), body: { fleetId: x.fleetId } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/races`, body: { fleetId: x.fleetId } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/documents': {
    call: (x) => ({ path: eventPath(x, '/documents'), body: { kind: 'notice', title: 'Matrix notice', body: 'Race 1 starts at noon.' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.equal(body.data.title, 'Matrix notice') } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/documents', x.draft.slug), body: { kind: 'notice', title: 'x', body: 'x' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/documents`, body: { kind: 'notice', title: 'x', body: 'x' } }), outcome: missing },
    ],
  },
  'GET /api/v1/series': {
    // The year keeps out the series the POST /series row creates meanwhile (2031).
    call: (x) => ({ path: '/api/v1/series', query: { org: x.org.slug, year: String(x.seriesYear) } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.data.map((s: any) => s.slug), [w.seriesSlug]) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: { status: 200, check: (body) => assert.deepEqual(body.data.map((s: any) => [s.slug, s.eventCount, s.organization.slug]), [[w.seriesSlug, 1, w.org.slug]]) },
      },
    ],
  },
  'POST /api/v1/series': {
    call: (x) => ({ path: '/api/v1/series', body: { organization: x.org.slug, name: `Matrix Cup ${uniqueSuffix()}`, year: 2031, events: [x.event.slug] } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 403, code: 'organization_admin_required', check: (body) => namesOrganization(() => w)(body) } },
      { which: 'member', who: memberKey, outcome: { status: 403, code: 'organization_admin_required', check: (body) => namesOrganization(() => w)(body) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.year, body.data.eventCount, body.data.events.map((e: any) => e.slug)], [2031, 1, [w.event.slug]]) } },
    ],
  },
  // events: complete resources. Refusals are asked of the published regatta's parts (never
  // removed); the valid rows change or remove the draft's, so no other row sees a difference.
  'DELETE /api/v1/events/:slug': {
    call: (x) => ({ path: eventPath(x, '', x.changes.eventToDelete) }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x) }), outcome: notAMember(() => w) },
      { which: 'member', label: 'with registrations', who: memberKey, call: (x) => ({ path: eventPath(x) }), outcome: refused(409, 'event_has_registrations') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.match(body.message, /deleted/) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}` }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/cancel': {
    call: (x) => ({ path: eventPath(x, '/cancel', x.changes.eventToCancel), body: { reason: 'Matrix storm' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/cancel'), body: {} }), outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.status, 'cancelled') } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/cancel', x.draft.slug), body: {} }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/cancel`, body: {} }), outcome: missing },
    ],
  },
  'PATCH /api/v1/events/:slug/fleets/:fleetId': {
    call: (x) => ({ path: eventPath(x, `/fleets/${x.changes.fleetToPatch}`, x.changes.slug), body: { dropRaces: 1 } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/fleets/${x.fleetId}`), body: { dropRaces: 1 } }), outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.dropRaces], [w.changes.fleetToPatch, 1]) } },
      { which: 'draft', who: outsiderKey, outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/fleets/${UNKNOWN_ID}`), body: { dropRaces: 1 } }), outcome: missing },
    ],
  },
  'DELETE /api/v1/events/:slug/fleets/:fleetId': {
    call: (x) => ({ path: eventPath(x, `/fleets/${x.changes.fleetToDelete}`, x.changes.slug) }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/fleets/${x.fleetId}`) }), outcome: notAMember(() => w) },
      { which: 'member', label: 'with entries and races', who: memberKey, call: (x) => ({ path: eventPath(x, `/fleets/${x.fleetId}`) }), outcome: refused(409, 'fleet_in_use') },
      { which: 'valid', who: ownerKey, outcome: { status: 200 } },
      { which: 'draft', who: outsiderKey, outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/fleets/${UNKNOWN_ID}`) }), outcome: missing },
    ],
  },
  'PATCH /api/v1/events/:slug/races/:raceId': {
    call: (x) => ({ path: eventPath(x, `/races/${x.changes.raceToPatch}`, x.changes.slug), body: { status: 'postponed' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/races/${x.raceId}`), body: { status: 'postponed' } }), outcome: notAMember(() => w) },
      { which: 'member', label: 'a race with results', who: memberKey, call: (x) => ({ path: eventPath(x, `/races/${x.raceId}`), body: { status: 'postponed' } }), outcome: refused(409, 'race_under_way') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.status], [w.changes.raceToPatch, 'postponed']) } },
      { which: 'draft', who: outsiderKey, outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/races/${UNKNOWN_ID}`), body: {} }), outcome: missing },
    ],
  },
  'DELETE /api/v1/events/:slug/races/:raceId': {
    call: (x) => ({ path: eventPath(x, `/races/${x.changes.raceToDelete}`, x.changes.slug) }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/races/${x.raceId}`) }), outcome: notAMember(() => w) },
      { which: 'member', label: 'a race with results', who: memberKey, call: (x) => ({ path: eventPath(x, `/races/${x.raceId}`) }), outcome: refused(409, 'race_has_results') },
      { which: 'valid', who: ownerKey, outcome: { status: 200 } },
      { which: 'draft', who: outsiderKey, outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/races/${UNKNOWN_ID}`) }), outcome: missing },
    ],
  },
  'PATCH /api/v1/events/:slug/documents/:documentId': {
    call: (x) => ({ path: eventPath(x, `/documents/${x.changes.docToAmend}`, x.changes.slug), body: { body: 'Amended matrix notice.', note: 'Amendment 1' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/documents/${x.documentId}`), body: { title: 'x' } }), outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.body], [w.changes.docToAmend, 'Amended matrix notice.']) } },
      { which: 'draft', who: outsiderKey, outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/documents/${UNKNOWN_ID}`), body: { title: 'x' } }), outcome: missing },
    ],
  },
  'DELETE /api/v1/events/:slug/documents/:documentId': {
    call: (x) => ({ path: eventPath(x, `/documents/${x.changes.docToWithdraw}`, x.changes.slug) }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/documents/${x.documentId}`) }), outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 200 } },
      { which: 'draft', who: outsiderKey, outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/documents/${UNKNOWN_ID}`) }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/documents/:documentId/versions': {
    call: (x) => ({ path: eventPath(x, `/documents/${x.documentId}/versions`) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.data.versions.map((v: any) => v.version), [1]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.currentVersion], [w.documentId, 1]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/documents/${x.changes.docToAmend}/versions`, x.changes.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/documents/${UNKNOWN_ID}/versions`) }), outcome: missing },
    ],
  },
  // Entry forms: the organizer's questions and waivers, one entry with its form, the sailor's own entries and boats.
  'GET /api/v1/events/:slug/entry-form': {
    call: (x) => ({ path: eventPath(x, '/entry-form', x.entryForm.slug) }),
    rows: [
      // The published regatta (the form's own is a draft, which an outsider cannot see).
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/entry-form') }), outcome: { status: 200, check: (body) => assert.deepEqual([body.data.event.id, body.data.entries], [w.event.id, 'open']) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: { status: 200, check: (body) => assert.ok(body.data.questions.some((q: any) => q.id === w.entryForm.questionId) && body.data.waivers.some((v: any) => v.id === w.entryForm.waiverId)) },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/entry-form', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/entry-form` }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/entry-form/questions': {
    call: (x) => ({ path: eventPath(x, '/entry-form/questions', x.entryForm.slug), body: { kind: 'choice', label: 'Matrix shirt', choices: ['S', 'M'] } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/entry-form/questions'), body: { kind: 'text', label: 'x' } }), outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'member', who: memberKey, outcome: { status: 201, check: (body) => assert.deepEqual(body.data.choices, ['S', 'M']) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.kind, body.data.required], ['choice', false]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/entry-form/questions', x.draft.slug), body: { kind: 'text', label: 'x' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/entry-form/questions`, body: { kind: 'text', label: 'x' } }), outcome: missing },
    ],
  },
  'PATCH /api/v1/events/:slug/entry-form/questions/:questionId': {
    call: (x) => ({ path: eventPath(x, `/entry-form/questions/${x.entryForm.questionId}`, x.entryForm.slug), body: { required: true } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/entry-form/questions/${x.entryForm.questionId}`), body: { required: true } }), outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.required], [w.entryForm.questionId, true]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/entry-form/questions/${UNKNOWN_ID}`, x.entryForm.slug), body: { required: true } }), outcome: missing },
    ],
  },
  'DELETE /api/v1/events/:slug/entry-form/questions/:questionId': {
    call: (x) => ({ path: eventPath(x, `/entry-form/questions/${x.entryForm.questionToDelete}`, x.entryForm.slug) }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/entry-form/questions/${x.entryForm.questionToDelete}`) }), outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 200 } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/entry-form/questions/${UNKNOWN_ID}`, x.entryForm.slug) }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/entry-form/waivers': {
    call: (x) => ({ path: eventPath(x, '/entry-form/waivers', x.entryForm.slug), body: { title: 'Matrix rules', body: 'I follow the rules.' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/entry-form/waivers'), body: { title: 'x', body: 'y' } }), outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'member', who: memberKey, outcome: { status: 201, check: (body) => assert.equal(body.data.version, 1) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.title, body.data.version], ['Matrix rules', 1]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/entry-form/waivers', x.draft.slug), body: { title: 'x', body: 'y' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/entry-form/waivers`, body: { title: 'x', body: 'y' } }), outcome: missing },
    ],
  },
  'PATCH /api/v1/events/:slug/entry-form/waivers/:waiverId': {
    call: (x) => ({ path: eventPath(x, `/entry-form/waivers/${x.entryForm.waiverId}`, x.entryForm.slug), body: { body: 'At my own risk, with a buoyancy aid.' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/entry-form/waivers/${x.entryForm.waiverId}`), body: { title: 'x' } }), outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.version], [w.entryForm.waiverId, 2]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/entry-form/waivers/${UNKNOWN_ID}`, x.entryForm.slug), body: { title: 'x' } }), outcome: missing },
    ],
  },
  'DELETE /api/v1/events/:slug/entry-form/waivers/:waiverId': {
    call: (x) => ({ path: eventPath(x, `/entry-form/waivers/${x.entryForm.waiverToDelete}`, x.entryForm.slug) }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/entry-form/waivers/${x.entryForm.waiverToDelete}`) }), outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 200 } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/entry-form/waivers/${UNKNOWN_ID}`, x.entryForm.slug) }), outcome: missing },
    ],
  },
  // Ages, contacts and acceptances: the entrant and the organizer's members only.
  'GET /api/v1/events/:slug/registrations/:registrationId': {
    call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}`) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { ...notAMember(() => w), check: (body) => namesOrganization(() => w)(body) } },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.equal(body.data.id, w.registrationId) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.event.slug], [w.registrationId, w.event.slug]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/registrations/${x.registrationId}`, x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/registrations/${UNKNOWN_ID}`) }), outcome: missing },
    ],
  },
  'GET /api/v1/me/registrations': {
    call: () => ({ path: '/api/v1/me/registrations' }),
    rows: [
      // Her own entries only (the owner entered guests: she submitted them).
      { which: 'non_member', who: (x) => ({ key: x.stranger.key }), outcome: { status: 200, check: (body) => assert.deepEqual(body.data, []) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.ok(body.data.some((entry: any) => entry.id === w.registrationId)) } },
    ],
  },
  'GET /api/v1/me/boats': {
    call: () => ({ path: '/api/v1/me/boats' }),
    rows: [
      { which: 'non_member', who: (x) => ({ key: x.stranger.key }), outcome: { status: 200, check: (body) => assert.deepEqual(body.data, []) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.ok(Array.isArray(body.data)) } },
    ],
  },
  // notifications: a person's own settings and log (any signed-in person, no organization needed).
  'GET /api/v1/notifications/preferences': {
    call: () => ({ path: '/api/v1/notifications/preferences' }),
    rows: [
      { which: 'non_member', who: (x) => ({ key: x.stranger.key }), outcome: { status: 200, check: (body) => assert.deepEqual([body.data.locale, body.data.kinds.length], ['en', 12]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.ok(body.data.kinds.some((k: any) => k.kind === 'password_reset' && k.mandatory && k.enabled)) } },
    ],
  },
  'PUT /api/v1/notifications/preferences': {
    call: () => ({ path: '/api/v1/notifications/preferences', body: { kinds: [{ kind: 'results', enabled: false }] } }),
    rows: [
      { which: 'non_member', who: (x) => ({ key: x.stranger.key }), outcome: { status: 200, check: (body) => assert.equal(body.data.kinds.find((k: any) => k.kind === 'results').enabled, false) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.kinds.find((k: any) => k.kind === 'results').enabled, false) } },
    ],
  },
  'GET /api/v1/notifications/messages': {
    call: () => ({ path: '/api/v1/notifications/messages' }),
    rows: [
      { which: 'non_member', who: (x) => ({ key: x.stranger.key }), outcome: { status: 200, check: (body) => assert.ok(Array.isArray(body.data)) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.ok(body.data.every((m: any) => !JSON.stringify(m).includes('@'))) } },
    ],
  },
  'POST /api/v1/notifications/push/subscriptions': {
    call: () => ({ path: '/api/v1/notifications/push/subscriptions', body: { endpoint: `https://push.example.org/matrix/${uniqueSuffix()}`, keys: pushKeys() } }),
    rows: [
      { which: 'non_member', who: (x) => ({ key: x.stranger.key }), outcome: { status: 201, check: (body) => assert.match(body.data.endpoint, /^https:\/\/push\.example\.org\/matrix\//) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201 } },
    ],
  },
  'GET /api/v1/notifications/push/subscriptions': {
    call: (x) => ({ path: '/api/v1/notifications/push/subscriptions', query: { endpoint: x.pushEndpointHeld } }),
    rows: [
      // Another person's browser looks like an unknown one.
      { which: 'non_member', who: (x) => ({ key: x.stranger.key }), outcome: missing },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.match(body.data.endpoint, /^https:\/\/push\.example\.org\/matrix\//) } },
    ],
  },
  'DELETE /api/v1/notifications/push/subscriptions': {
    call: (x) => ({ path: '/api/v1/notifications/push/subscriptions', query: { endpoint: x.pushEndpoint } }),
    rows: [
      // Another person's browser looks like an unknown one.
      { which: 'non_member', who: (x) => ({ key: x.stranger.key }), outcome: missing },
      { which: 'valid', who: ownerKey, outcome: { status: 204 } },
    ],
  },
  'PATCH /api/v1/series/:slug': {
    call: (x) => ({ path: `/api/v1/series/${x.changes.seriesToPatch}`, body: { name: 'Matrix Series Renamed' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: `/api/v1/series/${x.seriesSlug}`, body: { name: 'x' } }), outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, call: (x) => ({ path: `/api/v1/series/${x.seriesSlug}`, body: { name: 'x' } }), outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.slug, body.data.name], [w.changes.seriesToPatch, 'Matrix Series Renamed']) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/series/${noSuchSlug()}`, body: { name: 'x' } }), outcome: missing },
    ],
  },
  'DELETE /api/v1/series/:slug': {
    call: (x) => ({ path: `/api/v1/series/${x.changes.seriesToDelete}` }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: `/api/v1/series/${x.seriesSlug}` }), outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, call: (x) => ({ path: `/api/v1/series/${x.seriesSlug}` }), outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 200 } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/series/${noSuchSlug()}` }), outcome: missing },
    ],
  },
  'GET /api/v1/series/:slug': {
    call: (x) => ({ path: `/api/v1/series/${x.seriesSlug}` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.data.events.map((e: any) => e.slug), [w.event.slug]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.slug, body.data.events.map((e: any) => e.slug)], [w.seriesSlug, [w.event.slug]]) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/series/${noSuchSlug()}` }), outcome: missing },
    ],
  },

  // results-scoring ----------------------------------------------------------------------------
  'GET /api/v1/events/:slug/results': {
    call: (x) => ({ path: eventPath(x, '/results') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.data.races.find((r: any) => r.race.id === w.raceId)?.results.length, 1) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            const race = body.data.races.find((r: any) => r.race.id === w.raceId);
            assert.deepEqual(race.results.map((r: any) => [r.boat.id, r.position, r.points, r.status]), [[w.boatId, 1, 1, 'finished']]);
          },
        },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/results', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/results` }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/standings': {
    call: (x) => ({ path: eventPath(x, '/standings'), query: { fleet: 'J/70' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.data.standings[0].boat.id, w.boatId) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => assertOneFinisher(body.data.standings.map((s: any) => [s.position, s.boat.id, s.totalPoints, s.netPoints])),
        },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/standings', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/standings` }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/exports/sailwave': {
    call: (x) => ({ path: eventPath(x, '/exports/sailwave') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.match(body, /^"serversion",/) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.match(body, /"compsailno",/) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/exports/sailwave', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/exports/sailwave` }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/live': {
    // A stream: the probe reads its first frame (ready) and hangs up.
    call: (x) => ({ path: eventPath(x, '/live') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.event, body.resumed], [w.event.slug, false]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.event, w.event.slug) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/live', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/live` }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/races/:raceId/results': {
    call: (x) => ({ path: eventPath(x, `/races/${x.raceId}/results`), body: resultsBody(x) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          // 59 min elapsed, one-design: corrected = elapsed, first and only finisher, 1 point.
          check: (body) => assert.deepEqual(body.data.map((r: any) => [r.boatId, r.position, r.points, r.elapsedTime, r.correctedTime]), [[w.boatId, 1, 1, '00:59:00', '00:59:00']]),
        },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/races/${x.draft.raceId}/results`, x.draft.slug), body: resultsBody(x) }), outcome: missing },
      { which: 'not_found', label: 'unknown event', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/races/${x.raceId}/results`, body: resultsBody(x) }), outcome: missing },
      { which: 'not_found', label: 'unknown race', who: ownerKey, call: (x) => ({ path: eventPath(x, `/races/${UNKNOWN_ID}/results`), body: resultsBody(x) }), outcome: missing },
      { which: 'not_found', label: "another event's race", who: ownerKey, call: (x) => ({ path: eventPath(x, `/races/${x.draft.raceId}/results`), body: resultsBody(x) }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/races/:raceId/results/preview': {
    // A dry run: the same body as the submission, scored and answered, nothing stored.
    call: (x) => ({ path: eventPath(x, `/races/${x.raceId}/results/preview`), body: resultsBody(x) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            assert.deepEqual(body.data.results.map((r: any) => [r.boatId, r.position, r.points]), [[w.boatId, 1, 1]]);
            // Alpha first with 1 point; the other registered boats did not compete (entries + 1, shared second).
            assert.deepEqual(body.data.standings.filter((s: any) => s.position === 1).map((s: any) => [s.boat.id, s.netPoints]), [[w.boatId, 1]]);
            assert.equal(body.message, 'Preview only: nothing was stored.');
          },
        },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/races/${x.draft.raceId}/results/preview`, x.draft.slug), body: resultsBody(x) }), outcome: missing },
      { which: 'not_found', label: 'unknown race', who: ownerKey, call: (x) => ({ path: eventPath(x, `/races/${UNKNOWN_ID}/results/preview`), body: resultsBody(x) }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/results/publish': {
    call: (x) => ({ path: eventPath(x, '/results/publish') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.event.slug, body.data.raceIds], [w.event.slug, [w.raceId]]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/results/publish', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/results/publish` }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/results/revisions': {
    call: (x) => ({ path: eventPath(x, '/results/revisions'), query: { race: x.raceId } }),
    rows: [
      // The public sees what changed and why, not who.
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.ok(body.data.revisions.some((r: any) => r.id === w.firstRevision && r.actor.userId === null)) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.ok(body.data.revisions.some((r: any) => r.id === w.firstRevision && r.actor.userId === w.owner.userId)) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/results/revisions', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/results/revisions` }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/races/:raceId/results/revert': {
    // Restores the set-up's own results: the scores the other rows check stay as they are.
    call: (x) => ({ path: eventPath(x, `/races/${x.raceId}/results/revert`), body: { revision: x.firstRevision, reason: 'Matrix revert' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.raceId, body.data.revertedTo], [w.raceId, w.firstRevision]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/races/${x.draft.raceId}/results/revert`, x.draft.slug), body: { revision: x.firstRevision, reason: 'x' } }), outcome: missing },
      { which: 'not_found', label: 'unknown revision', who: ownerKey, call: (x) => ({ path: eventPath(x, `/races/${x.raceId}/results/revert`), body: { revision: UNKNOWN_ID, reason: 'x' } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/fleets/:fleetId/results/publish': {
    // Posts the race with a deadline far ahead: it stays provisional for the event-wide publish row.
    call: (x) => ({ path: eventPath(x, `/fleets/${x.fleetId}/results/publish`), body: { protestDeadline: '2099-01-01T00:00:00Z' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.event.slug, body.data.fleetId], [w.event.slug, w.fleetId]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/fleets/${x.draft.fleetId}/results/publish`, x.draft.slug), body: {} }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/fleets/${UNKNOWN_ID}/results/publish`), body: {} }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/fleets/:fleetId/results/official': {
    // The valid row acts on the draft event's fleet (no results: nothing becomes official), so the
    // event-wide publish row still finds the main race provisional.
    call: (x) => ({ path: eventPath(x, `/fleets/${x.fleetId}/results/official`), body: {} }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, call: (x) => ({ path: eventPath(x, `/fleets/${x.draft.fleetId}/results/official`, x.draft.slug), body: {} }), outcome: { status: 200, check: (body) => assert.deepEqual([body.data.fleetId, body.data.raceIds], [w.draft.fleetId, []]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/fleets/${x.draft.fleetId}/results/official`, x.draft.slug), body: {} }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/fleets/${UNKNOWN_ID}/results/official`), body: {} }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/results/protest-time-limit': {
    call: (x) => ({ path: eventPath(x, '/results/protest-time-limit') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.data.event.slug, w.event.slug) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.event.slug, w.event.slug) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/results/protest-time-limit', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/results/protest-time-limit` }), outcome: missing },
    ],
  },
  'PUT /api/v1/events/:slug/results/protest-time-limit': {
    call: (x) => ({ path: eventPath(x, '/results/protest-time-limit'), body: { minutes: 120 } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.minutes, body.data.default], [120, false]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/results/protest-time-limit', x.draft.slug), body: { minutes: 60 } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/results/protest-time-limit`, body: { minutes: 60 } }), outcome: missing },
    ],
  },
  // Overall results across fleets (the PUT row defines it before the GET rows read it).
  'PUT /api/v1/events/:slug/overall': {
    call: (x) => ({ path: eventPath(x, '/overall'), body: { fleets: [x.fleetId], method: 'points' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.method, body.data.fleets.map((f: any) => f.id)], ['points', [w.fleetId]]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/overall', x.draft.slug), body: { fleets: [x.draft.fleetId] } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/overall`, body: { fleets: [x.fleetId] } }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/overall': {
    call: (x) => ({ path: eventPath(x, '/overall') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.data.event.slug, w.event.slug) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.method, 'points') } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/overall', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/overall` }), outcome: missing },
    ],
  },
  'GET /api/v1/series/:slug/standings': {
    call: (x) => ({ path: `/api/v1/series/${x.seriesSlug}/standings` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.data.series.slug, w.seriesSlug) } },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            assert.deepEqual(body.data.events.map((e: any) => e.slug), [w.event.slug]);
            assertOneFinisher(body.data.standings.map((s: any) => [s.position, s.boat.id, s.totalPoints, s.netPoints]));
          },
        },
      },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/series/${noSuchSlug()}/standings` }), outcome: missing },
    ],
  },
  // Split series: the draft event has one (set up above); the published one has none.
  'PUT /api/v1/events/:slug/split-series': {
    call: (x) => ({ path: eventPath(x, '/split-series'), body: { qualifyingFleets: [x.fleetId], finalFleets: [UNKNOWN_ID, x.draft.fleetId] } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      {
        which: 'valid',
        who: ownerKey,
        call: (x) => ({ path: eventPath(x, '/split-series', x.draft.slug), body: { qualifyingFleets: [x.draft.fleetId], finalFleets: x.draft.finalFleetIds } }),
        outcome: { status: 200, check: (body) => assert.deepEqual([body.data.event, body.data.finalFleets, body.data.carry], [w.draft.slug, w.draft.finalFleetIds, 'continuous']) },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/split-series', x.draft.slug), body: { qualifyingFleets: [x.draft.fleetId], finalFleets: x.draft.finalFleetIds } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/split-series`, body: { qualifyingFleets: [x.fleetId], finalFleets: x.draft.finalFleetIds } }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/split-series': {
    call: (x) => ({ path: eventPath(x, '/split-series') }),
    rows: [
      { which: 'valid', who: ownerKey, call: (x) => ({ path: eventPath(x, '/split-series', x.draft.slug) }), outcome: { status: 200, check: (body) => assert.deepEqual([body.data.event, body.data.finalFleets], [w.draft.slug, w.draft.finalFleetIds]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/split-series', x.draft.slug) }), outcome: missing },
      { which: 'not_found', label: 'no split series', who: ownerKey, outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/split-series` }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/split': {
    call: (x) => ({ path: eventPath(x, '/split'), body: { method: 'by_rank' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      {
        which: 'valid',
        who: ownerKey,
        call: (x) => ({ path: eventPath(x, '/split', x.draft.slug), body: { method: 'by_rank' } }),
        outcome: { status: 200, check: (body) => assert.deepEqual([body.data.stage, body.data.fleets.map((f: any) => f.fleetId)], ['final', w.draft.finalFleetIds]) },
      },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/split', x.draft.slug), body: { method: 'by_rank' } }), outcome: missing },
      { which: 'not_found', label: 'no split series', who: ownerKey, outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/split`, body: { method: 'by_rank' } }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/split-standings': {
    call: (x) => ({ path: eventPath(x, '/split-standings') }),
    rows: [
      { which: 'valid', who: ownerKey, call: (x) => ({ path: eventPath(x, '/split-standings', x.draft.slug), query: { stage: 'qualifying' } }), outcome: { status: 200, check: (body) => assert.deepEqual([body.data.event, body.data.stage], [w.draft.slug, 'qualifying']) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/split-standings', x.draft.slug) }), outcome: missing },
      { which: 'not_found', label: 'no split series', who: ownerKey, outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/split-standings` }), outcome: missing },
    ],
  },

  // results-scoring: the protest room ---------------------------------------------------------
  // race capture: signals and finishes recorded on the water, committee devices ---------------------
  'GET /api/v1/events/:slug/capture/context': {
    call: (x) => ({ path: eventPath(x, '/capture/context') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: captureRoleRequired },
      { which: 'race_officer', who: officerSession, outcome: { status: 200, check: (body) => assert.deepEqual(body.data.recorder, { kind: 'member', id: w.officer.userId, label: w.officer.name }) } },
      { which: 'scorer', who: scorerKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.data.recorder, { kind: 'key', id: w.scorer.userId, label: `${w.scorer.name} (API key)` }) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.event.slug, body.data.races.some((r: any) => r.id === w.raceId)], [w.event.slug, true]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/capture/context', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/capture/context` }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/capture/sync': {
    call: (x) => ({ path: eventPath(x, '/capture/sync'), body: { records: [{ type: 'finish', record: captureFinish(x) }] } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: captureRoleRequired },
      { which: 'race_officer', who: officerSession, outcome: { status: 200, check: (body) => assert.deepEqual(body.results.map((r: any) => r.outcome), ['recorded']) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.results.map((r: any) => r.outcome), ['recorded']) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/capture/sync`, body: { records: [{ type: 'finish', record: captureFinish(x) }] } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/capture/signals': {
    call: (x) => ({ path: eventPath(x, '/capture/signals'), body: { id: randomUUID(), startId: randomUUID(), raceIds: [x.raceId], kind: 'warning', at: new Date(Date.now() - 60_000).toISOString() } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberSession, outcome: captureRoleRequired },
      { which: 'race_officer', who: officerSession, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.kind, body.data.recorder.label], ['warning', w.officer.name]) } },
      { which: 'scorer', who: scorerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.kind, body.data.recorder.id], ['warning', w.scorer.userId]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.kind, body.data.recorder.id], ['warning', w.owner.userId]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/capture/signals`, body: { id: randomUUID(), startId: randomUUID(), raceIds: [x.raceId], kind: 'warning', at: new Date().toISOString() } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/capture/finishes': {
    call: (x) => ({ path: eventPath(x, '/capture/finishes'), body: captureFinish(x) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: captureRoleRequired },
      { which: 'race_officer', who: officerSession, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.sailNumber, body.data.recorder.label], [w.capture.sailNumber, w.officer.name]) } },
      { which: 'scorer', who: scorerKey, outcome: { status: 201, check: (body) => assert.equal(body.data.recorder.id, w.scorer.userId) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.sailNumber, body.data.raceId], [w.capture.sailNumber, w.raceId]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/capture/finishes`, body: captureFinish(x) }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/capture/finish-times': {
    call: (x) => ({ path: eventPath(x, '/capture/finish-times'), body: { importId: randomUUID(), raceId: x.raceId, csv: `sail,time\n${x.capture.sailNumber},${new Date(Date.now() - 60_000).toISOString()}\n` } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: captureRoleRequired },
      { which: 'scorer', who: scorerKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.results.map((r: any) => r.outcome), ['recorded']) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.results.map((r: any) => r.outcome), ['recorded']) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/capture/finish-times`, body: { importId: randomUUID(), raceId: x.raceId, csv: 'a,10:00:00' } }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/races/:raceId/capture/log': {
    call: (x) => ({ path: eventPath(x, `/races/${x.raceId}/capture/log`) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.equal(body.data.raceId, w.raceId) } },
      { which: 'race_officer', who: officerSession, outcome: { status: 200, check: (body) => assert.equal(body.data.raceId, w.raceId) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.raceId, w.raceId) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/races/${UNKNOWN_ID}/capture/log`) }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/races/:raceId/capture/reconciliation': {
    call: (x) => ({ path: eventPath(x, `/races/${x.raceId}/capture/reconciliation`) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.equal(body.data.raceId, w.raceId) } },
      { which: 'scorer', who: scorerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.raceId, w.raceId) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.raceId, body.data.toleranceMs], [w.raceId, 2000]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/races/${UNKNOWN_ID}/capture/reconciliation`) }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/capture/enrolments': {
    call: (x) => ({ path: eventPath(x, '/capture/enrolments'), body: { label: 'Matrix phone' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: captureRoleRequired },
      { which: 'race_officer', who: officerSession, outcome: { status: 201, check: (body) => assert.ok(body.data.qrPayload.startsWith(`/console/committee/${w.event.slug}#enrol=`)) } },
      { which: 'scorer', who: scorerKey, outcome: { status: 201 } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.ok(body.data.qrPayload.startsWith(`/console/committee/${w.event.slug}#enrol=`)) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/capture/enrolments`, body: {} }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/capture/devices': {
    call: (x) => ({ path: eventPath(x, '/capture/devices') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: captureRoleRequired },
      { which: 'race_officer', who: officerSession, outcome: { status: 200, check: (body) => includesId(body.data, w.capture.deviceToRevoke) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => includesId(body.data, w.capture.deviceToRevoke) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/capture/devices` }), outcome: missing },
    ],
  },
  'DELETE /api/v1/events/:slug/capture/devices/:deviceId': {
    call: (x) => ({ path: eventPath(x, `/capture/devices/${x.capture.deviceToRevoke}`) }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: captureRoleRequired },
      // Revoking again is 204, so the officer's row and the admin's may run in either order.
      { which: 'race_officer', who: officerSession, outcome: { status: 204 } },
      { which: 'valid', who: ownerKey, outcome: { status: 204 } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/capture/devices/${UNKNOWN_ID}`) }), outcome: missing },
    ],
  },
  // race capture: the safety tally (sign-out and sign-in, the committee board, an entrant's boats, settings, closing a day, the CSV)
  'POST /api/v1/events/:slug/tally/movements': {
    call: (x) => ({ path: eventPath(x, '/tally/movements'), body: tallyMove(x) }),
    rows: [
      // Anyone signed in may be an entrant: one who did not enter the boat is refused for that boat.
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_your_boat') },
      // The shore team is any member of the club.
      { which: 'member', who: memberKey, outcome: { status: 201, check: (body) => assert.equal(body.data.recordedBy.kind, 'key') } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.registrationId, body.data.kind, body.data.recordedBy.kind], [w.registrationId, 'out', 'key']) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/tally/movements', x.draft.slug), body: tallyMove(x) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/tally/movements`, body: tallyMove(x) }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/tally': {
    call: (x) => ({ path: eventPath(x, '/tally') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.equal(typeof body.data.summary.afloat, 'number') } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.ok(body.data.boats.some((boat: any) => boat.registrationId === w.registrationId)) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/tally', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/tally` }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/tally/mine': {
    call: (x) => ({ path: eventPath(x, '/tally/mine') }),
    rows: [
      // Her own boats only (the one she entered, if any), never another's persons or contacts.
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.ok(body.data.boats.every((boat: any) => boat.registrationId !== w.registrationId)) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.ok(body.data.boats.every((boat: any) => boat.registrationId !== w.registrationId)) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/tally/mine', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/tally/mine` }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/tally/settings': {
    call: (x) => ({ path: eventPath(x, '/tally/settings') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(typeof body.data.penaltyPoints, 'number') } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/tally/settings` }), outcome: missing },
    ],
  },
  'PUT /api/v1/events/:slug/tally/settings': {
    call: (x) => ({ path: eventPath(x, '/tally/settings'), body: { signInDeadline: '18:00', missedSignOut: 'none', missedSignIn: 'points', penaltyPoints: 2 } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      // Penalties in the results are decided by a capture role (admin, race officer, scorer).
      { which: 'member', who: memberKey, outcome: captureRoleRequired },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual(body.data, { signInDeadline: '18:00', missedSignOut: 'none', missedSignIn: 'points', penaltyPoints: 2 }) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/tally/settings`, body: { signInDeadline: null, missedSignOut: 'none', missedSignIn: 'none', penaltyPoints: 2 } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/tally/days/:day/close': {
    // A day long past: it may be closed whatever the deadline, and it had no races.
    call: (x) => ({ path: eventPath(x, '/tally/days/2020-01-04/close') }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: captureRoleRequired },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.day, body.data.misses], ['2020-01-04', []]) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/tally/days/2020-01-04/close` }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/tally/export': {
    call: (x) => ({ path: eventPath(x, '/tally/export') }),
    rows: [
      // Persons on board and contacts: the organizer's members only.
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.match(String(body), /sail_number,/) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.match(String(body), /^\uFEFF?sail_number,boat_name,fleet,entrant,state,persons_on_board/) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/tally/export` }), outcome: missing },
    ],
  },
  'GET /api/v1/events/:slug/protests': {
    call: (x) => ({ path: eventPath(x, '/protests') }),
    rows: [
      // Not a party, not of the organization: the notice board only (never the incident or contacts).
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.ok(body.data.every((p: any) => p.incident === null && p.contact === null && (p.hearing !== null || p.decision !== null))) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => [w.protestToHear, w.protestToDecide].forEach((id) => includesId(body.data, id)) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/protests', x.draft.slug) }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/events/${noSuchSlug()}/protests` }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/protests': {
    call: (x) => ({ path: eventPath(x, '/protests'), body: { type: 'race_committee', raceIds: [x.raceId], protesteeBoats: [x.boatId], incident: 'Matrix: rule 31' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.type, body.data.protestees, body.data.protestor], ['race_committee', [w.boatId], { party: 'race_committee', boat: null }]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, '/protests', x.draft.slug), body: { type: 'boat', raceIds: [x.draft.raceId], protestorBoat: x.boatId, protesteeBoats: ['b'], incident: 'x' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/events/${noSuchSlug()}/protests`, body: { type: 'race_committee', raceIds: [x.raceId], protesteeBoats: [x.boatId], incident: 'x' } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/protests/:protestId/hearing': {
    call: (x) => ({ path: eventPath(x, `/protests/${x.protestToHear}/hearing`), body: { startsAt: '2030-06-01T18:00:00Z', room: 'Jury room' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.status, body.data.hearing], ['scheduled', { startsAt: '2030-06-01T18:00:00.000Z', room: 'Jury room', parties: [w.boatId] }]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/protests/${x.protestToHear}/hearing`, x.draft.slug), body: { startsAt: '2030-06-01T18:00:00Z', room: 'x' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/protests/${UNKNOWN_ID}/hearing`), body: { startsAt: '2030-06-01T18:00:00Z', room: 'x' } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/protests/:protestId/decision': {
    // No consequences (no action): the scores the other rows check stay as they are.
    call: (x) => ({ path: eventPath(x, `/protests/${x.protestToDecide}/decision`), body: { factsFound: 'Matrix facts', conclusions: 'No rule broken' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.status, body.data.decision.consequences, body.data.decision.revisions], ['decided', [], []]) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/protests/${x.protestToDecide}/decision`, x.draft.slug), body: { factsFound: 'x', conclusions: 'y' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/protests/${UNKNOWN_ID}/decision`), body: { factsFound: 'x', conclusions: 'y' } }), outcome: missing },
    ],
  },
  'POST /api/v1/events/:slug/protests/:protestId/withdrawal': {
    call: (x) => ({ path: eventPath(x, `/protests/${x.protestToWithdraw}/withdrawal`), body: { reason: 'Matrix: withdrawn with the committee approval' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'not_a_member') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.status, body.data.decision, body.data.withdrawal.reason], ['withdrawn', null, 'Matrix: withdrawn with the committee approval']) } },
      { which: 'draft', who: outsiderKey, call: (x) => ({ path: eventPath(x, `/protests/${x.protestToWithdraw}/withdrawal`, x.draft.slug), body: { reason: 'x' } }), outcome: missing },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: eventPath(x, `/protests/${UNKNOWN_ID}/withdrawal`), body: { reason: 'x' } }), outcome: missing },
    ],
  },

  // sailors ------------------------------------------------------------------------------------
  'GET /api/v1/sailors/:id': {
    call: (x) => ({ path: `/api/v1/sailors/${x.owner.userId}` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.name], [w.owner.userId, w.owner.name]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.name], [w.owner.userId, w.owner.name]) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/sailors/${UNKNOWN_ID}` }), outcome: missing },
    ],
  },
  'GET /api/v1/sailors/:id/history': {
    call: (x) => ({ path: `/api/v1/sailors/${x.owner.userId}/history` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.sailor.id, w.owner.userId) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.sailor.id, body.limit, body.offset], [w.owner.userId, 50, 0]) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/sailors/${UNKNOWN_ID}/history` }), outcome: missing },
    ],
  },
  'GET /api/v1/boats': {
    call: () => ({ path: '/api/v1/boats', query: { q: 'Boat Alpha' } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => includesId(body.data, w.boatId) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => includesId(body.data, w.boatId) } },
    ],
  },
  'GET /api/v1/boats/:id': {
    call: (x) => ({ path: `/api/v1/boats/${x.boatId}` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.data.id, w.boatId) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.name], [w.boatId, 'Boat Alpha']) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/boats/${UNKNOWN_ID}` }), outcome: missing },
    ],
  },

  // sailors: rankings --------------------------------------------------------------------------
  'GET /api/v1/organizations/:slug/rankings': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => includesId(body.rankings, w.rankingListId) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => (namesOrganization(() => w)(body), includesId(body.rankings, w.rankingListId)) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/organizations/${noSuchSlug()}/rankings` }), outcome: missing },
    ],
  },
  'POST /api/v1/organizations/:slug/rankings': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings`, body: { name: `Matrix List ${uniqueSuffix()}`, formula: { kind: 'all', windowMonths: 6 } } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: notAMember(() => w) },
      { which: 'member', who: memberKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.organizationId, body.data.formula], [w.org.id, { kind: 'all', placePoints: 'linear', windowMonths: 6 }]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.visibility, body.data.defaultFactor], ['public', 1]) } },
      { which: 'not_found', who: ownerKey, call: () => ({ path: `/api/v1/organizations/${noSuchSlug()}/rankings`, body: { name: 'x', formula: { kind: 'all', windowMonths: 6 } } }), outcome: missing },
    ],
  },
  'GET /api/v1/organizations/:slug/rankings/:listId': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${x.rankingListId}`, query: { asOf: x.rankingAsOf } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.id, w.rankingListId) } },
      // One regatta, the sailor of the only finisher first: 100 × (N − 1 + 1) / N = 100 points.
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.entries[0].rank, body.entries[0].sailor.id, body.entries[0].points], [1, w.rankedSailorId, 100]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${UNKNOWN_ID}` }), outcome: missing },
    ],
  },
  'PATCH /api/v1/organizations/:slug/rankings/:listId': {
    // The default factor the list already has: the other rows' points stay as they are.
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${x.rankingListId}`, body: { defaultFactor: 1 } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: notAMember(() => w) },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.defaultFactor], [w.rankingListId, 1]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.organizationId, body.message], [w.org.id, 'Ranking list changed.']) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${UNKNOWN_ID}`, body: { defaultFactor: 1 } }), outcome: missing },
    ],
  },
  'GET /api/v1/organizations/:slug/rankings/:listId/sailors/:sailorId': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${x.rankingListId}/sailors/${x.rankedSailorId}`, query: { asOf: x.rankingAsOf } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: { status: 200, check: (body) => assert.equal(body.sailor.id, w.rankedSailorId) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.rank, body.points, body.results[0].event.slug], [1, 100, w.event.slug]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${x.rankingListId}/sailors/${UNKNOWN_ID}` }), outcome: missing },
    ],
  },
  'PUT /api/v1/organizations/:slug/rankings/:listId/events/:eventSlug': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${x.rankingListId}/events/${x.event.slug}`, body: { factor: 1 } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: notAMember(() => w) },
      { which: 'member', who: memberKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.event.id, body.data.factor], [w.event.id, 1]) } },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.event.slug, body.data.factor], [w.event.slug, 1]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${x.rankingListId}/events/${noSuchSlug()}`, body: { factor: 1 } }), outcome: missing },
    ],
  },
  'POST /api/v1/organizations/:slug/rankings/:listId/publish': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${x.rankingListId}/publish`, body: { asOf: x.rankingAsOf } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 201, check: (body) => assert.deepEqual([body.data.list.id, body.data.asOf, body.data.entries[0].points], [w.rankingListId, w.rankingAsOf, 100]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/rankings/${UNKNOWN_ID}/publish`, body: {} }), outcome: missing },
    ],
  },
  'PUT /api/v1/organizations/:slug/sailor-records/:sailorId': {
    call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/sailor-records/${x.rankedSailorId}`, body: { nationality: 'NOR', gender: 'female', birthYear: 2008 } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: notAMember(() => w) },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.sailor.id, body.data.nationality, body.data.birthYear], [w.rankedSailorId, 'NOR', 2008]) } },
      { which: 'not_found', who: ownerKey, call: (x) => ({ path: `/api/v1/organizations/${x.org.slug}/sailor-records/${UNKNOWN_ID}`, body: {} }), outcome: missing },
    ],
  },

  // webhooks -----------------------------------------------------------------------------------
  'GET /api/v1/webhooks': {
    call: () => ({ path: '/api/v1/webhooks' }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            includesId(body.data, w.webhookId);
            assert.ok(!body.data.some((h: any) => h.id === w.rivalWebhookId), "another organization's webhook is not listed");
            assert.ok(body.data.every((h: any) => !('secret' in h)), 'the secret is never listed');
          },
        },
      },
    ],
  },
  'POST /api/v1/webhooks': {
    call: (x) => ({ path: '/api/v1/webhooks', body: { url: x.receiverUrl, events: ['standings.updated'], organizationId: x.org.id } }),
    rows: [
      { which: 'non_member', who: outsiderKey, call: (x) => ({ path: '/api/v1/webhooks', body: { url: x.receiverUrl, events: ['standings.updated'] } }), outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 201,
          check: (body) => {
            assert.deepEqual([body.data.url, body.data.events, body.data.active], [w.receiverUrl, ['standings.updated'], true]);
            assert.equal(typeof body.data.secret, 'string');
          },
        },
      },
    ],
  },
  'GET /api/v1/webhooks/:id': {
    call: (x) => ({ path: `/api/v1/webhooks/${x.webhookId}` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      {
        which: 'valid',
        who: ownerKey,
        outcome: {
          status: 200,
          check: (body) => {
            assert.deepEqual([body.data.id, body.data.url, body.data.events], [w.webhookId, w.receiverUrl, ['results.updated', 'registration.created']]);
            assert.equal(body.data.secret, undefined);
          },
        },
      },
      { which: 'not_found', label: 'unknown id', who: ownerKey, call: () => ({ path: `/api/v1/webhooks/${UNKNOWN_ID}` }), outcome: missing },
      { which: 'not_found', label: "another organization's", who: ownerKey, call: (x) => ({ path: `/api/v1/webhooks/${x.rivalWebhookId}` }), outcome: missing },
    ],
  },
  'PATCH /api/v1/webhooks/:id': {
    call: (x) => ({ path: `/api/v1/webhooks/${x.webhookToPatch}`, body: { events: ['race.started', 'race.completed'], active: false } }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.deepEqual([body.data.id, body.data.events, body.data.active], [w.webhookToPatch, ['race.started', 'race.completed'], false]) } },
      { which: 'not_found', label: 'unknown id', who: ownerKey, call: () => ({ path: `/api/v1/webhooks/${UNKNOWN_ID}`, body: { active: false } }), outcome: missing },
      { which: 'not_found', label: "another organization's", who: ownerKey, call: (x) => ({ path: `/api/v1/webhooks/${x.rivalWebhookId}`, body: { active: false } }), outcome: missing },
    ],
  },
  'DELETE /api/v1/webhooks/:id': {
    call: (x) => ({ path: `/api/v1/webhooks/${x.webhookToDelete}` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 200 } },
      { which: 'not_found', label: 'unknown id', who: ownerKey, call: () => ({ path: `/api/v1/webhooks/${UNKNOWN_ID}` }), outcome: missing },
      { which: 'not_found', label: "another organization's", who: ownerKey, call: (x) => ({ path: `/api/v1/webhooks/${x.rivalWebhookId}` }), outcome: missing },
    ],
  },
  'GET /api/v1/webhooks/:id/deliveries': {
    call: (x) => ({ path: `/api/v1/webhooks/${x.webhookId}/deliveries` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 200, check: (body) => assert.equal(body.data.find((d: any) => d.id === w.deliveryId)?.event, 'ping') } },
      { which: 'not_found', label: 'unknown id', who: ownerKey, call: () => ({ path: `/api/v1/webhooks/${UNKNOWN_ID}/deliveries` }), outcome: missing },
      { which: 'not_found', label: "another organization's", who: ownerKey, call: (x) => ({ path: `/api/v1/webhooks/${x.rivalWebhookId}/deliveries` }), outcome: missing },
    ],
  },
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver': {
    call: (x) => ({ path: `/api/v1/webhooks/${x.webhookId}/deliveries/${x.deliveryId}/redeliver` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 202, check: (body) => assert.deepEqual([body.data.webhookId, body.data.event], [w.webhookId, 'ping']) } },
      { which: 'not_found', label: 'unknown webhook', who: ownerKey, call: (x) => ({ path: `/api/v1/webhooks/${UNKNOWN_ID}/deliveries/${x.deliveryId}/redeliver` }), outcome: missing },
      { which: 'not_found', label: 'unknown delivery', who: ownerKey, call: (x) => ({ path: `/api/v1/webhooks/${x.webhookId}/deliveries/${UNKNOWN_ID}/redeliver` }), outcome: missing },
      { which: 'not_found', label: "another organization's", who: ownerKey, call: (x) => ({ path: `/api/v1/webhooks/${x.rivalWebhookId}/deliveries/${x.deliveryId}/redeliver` }), outcome: missing },
    ],
  },
  'POST /api/v1/webhooks/:id/ping': {
    call: (x) => ({ path: `/api/v1/webhooks/${x.webhookId}/ping` }),
    rows: [
      { which: 'non_member', who: outsiderKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'member', who: memberKey, outcome: refused(403, 'organization_admin_required') },
      { which: 'valid', who: ownerKey, outcome: { status: 202, check: (body) => assert.deepEqual([body.data.webhookId, body.data.event], [w.webhookId, 'ping']) } },
      { which: 'not_found', label: 'unknown id', who: ownerKey, call: () => ({ path: `/api/v1/webhooks/${UNKNOWN_ID}/ping` }), outcome: missing },
      { which: 'not_found', label: "another organization's", who: ownerKey, call: (x) => ({ path: `/api/v1/webhooks/${x.rivalWebhookId}/ping` }), outcome: missing },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// The gateway's columns, the same for every route of one access kind.

const GATEWAY_COLUMNS: { which: Case; who: (x: World, rule: RouteRule) => Who; outcome: (rule: RouteRule) => Outcome }[] = [
  { which: 'none', who: () => ({}), outcome: () => refused(401, 'credentials_required') },
  { which: 'malformed', who: () => ({ headers: { authorization: 'Basic Zm9vOmJhcg==' } }), outcome: () => refused(401, 'malformed_credentials') },
  { which: 'unknown', who: () => ({ key: randomKey() }), outcome: () => refused(401, 'invalid_api_key') },
  { which: 'revoked', who: (x) => ({ key: x.revokedKey }), outcome: () => refused(401, 'invalid_api_key') },
  { which: 'expired', who: (x) => ({ key: x.expiredKey }), outcome: () => refused(401, 'api_key_expired') },
  {
    which: 'missing_scope',
    who: (x, rule) => (rule.access.kind === 'credential' ? { key: x.keysWithout.get([...rule.access.anyOf].sort().join('+'))! } : { key: x.owner.key }),
    outcome: (rule) =>
      rule.access.kind === 'credential'
        ? refused(403, 'missing_scope', (body) => assert.deepEqual(body.requiredScopes, (rule.access as { anyOf: string[] }).anyOf))
        : refused(401, 'session_required'),
  },
];

/** What an embed token of the organization reads (no Origin header: not a browser, so served). */
const EMBED_READS: Record<string, (body: any) => void> = {
  'GET /api/v1/events': (body) => assert.deepEqual(body.data.map((e: any) => e.slug), [w.event.slug]),
  'GET /api/v1/events/:slug': (body) => assert.equal(body.data.id, w.event.id),
  'GET /api/v1/events/:slug/results': (body) => assert.equal(body.data.races.find((r: any) => r.race.id === w.raceId)?.results[0]?.boat.id, w.boatId),
  'GET /api/v1/events/:slug/standings': (body) => assert.equal(body.data.standings[0]?.boat.id, w.boatId),
  'GET /api/v1/events/:slug/exports/sailwave': (body) => assert.match(body, /^"serversion",/),
  'GET /api/v1/events/:slug/live': (body) => assert.equal(body.event, w.event.slug),
  'GET /api/v1/series/:slug/standings': (body) => assert.equal(body.data.series.slug, w.seriesSlug),
  'GET /api/v1/events/:slug/results/revisions': (body) => assert.ok(body.data.revisions.every((r: any) => r.actor.userId === null)),
  'GET /api/v1/events/:slug/results/protest-time-limit': (body) => assert.equal(body.data.event.slug, w.event.slug),
  // Overall results (defined by the PUT row before).
  'GET /api/v1/events/:slug/overall': (body) => assert.equal(body.data.event.slug, w.event.slug),
  // Document versions.
  'GET /api/v1/events/:slug/documents/:documentId/versions': (body) => assert.equal(body.data.id, w.documentId),
  // The notice board: no private details for a widget.
  'GET /api/v1/events/:slug/protests': (body) => assert.ok(body.data.every((p: any) => p.incident === null && p.contact === null)),
};

function embedOutcome(rule: RouteRule): Outcome {
  if (rule.access.kind === 'session') return refused(401, 'session_required');
  const reads = EMBED_READS[keyOf(rule)];
  if (rule.access.kind === 'credential' && rule.access.embed) {
    assert.ok(reads, `no embed expectation for ${keyOf(rule)}`);
    return { status: 200, check: reads };
  }
  return refused(403, 'embed_token_not_allowed');
}

const keyOf = (rule: RouteRule) => `${rule.method} ${rule.path}`;
const MATRIX_ROUTES = ROUTES.filter((route) => route.access.kind !== 'public');

interface Probe {
  rule: RouteRule;
  which: Case;
  label?: string;
  who: Who;
  call: Call;
  outcome: Outcome;
}

function probesOf(rule: RouteRule): Probe[] {
  const spec = SPECS[keyOf(rule)]!;
  const base = spec.call(w);
  const probes: Probe[] = GATEWAY_COLUMNS.map((column) => ({ rule, which: column.which, who: column.who(w, rule), call: base, outcome: column.outcome(rule) }));
  for (const row of spec.rows) {
    probes.push({ rule, which: row.which, ...(row.label ? { label: row.label } : {}), who: row.who ? row.who(w) : {}, call: row.call ? row.call(w) : spec.call(w), outcome: row.outcome });
  }
  probes.push({ rule, which: 'embed', who: { headers: { 'x-embed-token': w.embedToken } }, call: base, outcome: embedOutcome(rule) });
  probes.push(...malformedProbes(rule, spec));
  if (rule.access.kind === 'credential') {
    probes.push({
      rule,
      which: 'rate_limited',
      who: { key: w.limitedKey },
      call: base,
      outcome: refused(429, 'rate_limit_exceeded', () => undefined),
    });
  }
  return probes;
}

const MALFORMED_SLUG = 'x'.repeat(250);
const MALFORMED_ID = 'not-a-uuid';

/**
 * A path parameter (or the id of DELETE /keys and /embed-tokens) that cannot name anything, sent with
 * the valid row's credentials: the same 404 as an unknown one (never a 400 or a 5xx). One probe per
 * parameter; the others keep the valid row's values.
 */
function malformedProbes(rule: RouteRule, spec: RouteSpec): Probe[] {
  const valid = spec.rows.find((row) => row.which === 'valid')!;
  const who = valid.who ? valid.who(w) : {};
  const call = valid.call ? valid.call(w) : spec.call(w);
  const probes: Probe[] = [];
  const pattern = rule.path.split('/');
  const concrete = call.path.split('/');
  pattern.forEach((part, index) => {
    if (!part.startsWith(':')) return;
    const path = [...concrete];
    path[index] = part === ':slug' ? MALFORMED_SLUG : MALFORMED_ID;
    probes.push({ rule, which: 'not_found', label: `malformed ${part.slice(1)}`, who, call: { ...call, path: path.join('/') }, outcome: missing });
  });
  if (rule.method === 'DELETE' && call.query?.['id']) {
    probes.push({ rule, which: 'not_found', label: 'malformed id', who, call: { ...call, query: { ...call.query, id: MALFORMED_ID } }, outcome: missing });
  }
  return probes;
}

function assertProblem(response: ApiResponse): void {
  assert.equal(response.headers.get('content-type'), 'application/problem+json; charset=utf-8');
  for (const field of ['type', 'title', 'status', 'detail', 'code', 'requestId']) assert.ok(field in response.body, `problem field ${field} missing`);
  assert.equal(response.body.status, response.status);
  assert.equal(response.body.type, `https://regatta.dev/problems/${String(response.body.code).replace(/_/g, '-')}`);
}

/** Observed statuses per route and column; MATRIX_TABLE=1 prints them as a table after the run. */
const observed = new Map<string, Map<Case, Set<string>>>();

/**
 * A live feed (Server-Sent Events) never ends: answer its status, headers and the data of its first
 * frame (`ready`), then hang up. Refusals are read whole, as problem+json.
 */
async function streamRequest(path: string, query: Record<string, string> | undefined, who: Who): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const url = new URL(path, api.baseUrl);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { accept: 'text/event-stream', ...who.headers };
  if (who.key) headers['authorization'] = `Bearer ${who.key}`;
  if (who.cookie) headers['cookie'] = who.cookie;
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) {
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text, text };
  }
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (/event: ready\ndata: .*\n\n/.test(text)) break;
  }
  controller.abort();
  const data = /event: ready\ndata: (.*)\n/.exec(text)?.[1];
  return { status: 200, headers: response.headers, body: data ? JSON.parse(data) : undefined, text };
}

async function run(probe: Probe): Promise<string | undefined> {
  const { rule, which, who, call, outcome } = probe;
  const response = rule.stream
    ? await streamRequest(call.path, call.query as Record<string, string> | undefined, who)
    : await api.request(rule.method, call.path, {
        ...who,
        ...(call.query ? { query: call.query } : {}),
        ...(call.body !== undefined ? { body: call.body } : {}),
        ...(call.rawBody !== undefined ? { rawBody: call.rawBody, headers: { 'content-type': 'text/plain', ...who.headers } } : {}),
        contract: false,
      });
  const cells = observed.get(keyOf(rule)) ?? new Map<Case, Set<string>>();
  observed.set(keyOf(rule), cells);
  const cell = cells.get(which) ?? new Set<string>();
  cells.set(which, cell);
  cell.add(String(response.status) + (response.status === outcome.status ? '' : `!=${outcome.status}`));
  const context = `${rule.method} ${call.path}${call.query ? `?${new URLSearchParams(call.query)}` : ''} [${which}${probe.label ? `: ${probe.label}` : ''}] -> ${response.status} ${response.text.slice(0, 300)}`;
  try {
    assert.equal(response.status, outcome.status, `expected ${outcome.status}`);
    if (response.status >= 400) {
      assertProblem(response);
      if (outcome.code) assert.equal(response.body.code, outcome.code);
    }
    if (response.status === 401) assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="regatta"');
    if (response.status === 429) {
      assert.equal(response.headers.get('ratelimit-limit'), '1');
      assert.equal(response.headers.get('ratelimit-remaining'), '0');
      assert.ok(Number(response.headers.get('retry-after')) > 0, 'Retry-After');
    }
    outcome.check?.(response.body);
    assert.ok(findPathTemplate(call.path), 'the path is in the OpenAPI document');
    const check = checkResponse(rule.method, call.path, response.status, response.headers.get('content-type'), rule.stream && response.status === 200 ? response.text : response.body);
    assert.ok(check.ok, `OpenAPI: ${check.problems.join('; ')}`);
    return undefined;
  } catch (error) {
    return `${context}\n      ${(error as Error).message.split('\n').slice(0, 12).join('\n      ')}`;
  }
}

describe('authorization matrix', { concurrency: 16 }, () => {
  test('every route of the table has its rows, and every row of the table is a route', () => {
    const routes = new Set(MATRIX_ROUTES.map(keyOf));
    assert.deepEqual(
      MATRIX_ROUTES.map(keyOf).filter((key) => !SPECS[key]),
      [],
      'routes without rows',
    );
    assert.deepEqual(
      Object.keys(SPECS).filter((key) => !routes.has(key)),
      [],
      'rows for routes that do not exist',
    );
  });

  for (const rule of MATRIX_ROUTES) {
    if (!SPECS[keyOf(rule)]) continue;
    test(`${rule.method} ${rule.path}`, async () => {
      const failures = (await Promise.all(probesOf(rule).map(run))).filter((failure): failure is string => failure !== undefined);
      if (failures.length > 0) assert.fail(`${failures.length} of the row's requests broke the contract:\n    ${failures.join('\n    ')}`);
    });
  }

  test('public routes answer without credentials', async () => {
    const health = await api.get('/api/v1/health');
    assert.deepEqual([health.status, health.body.status, health.body.version], [200, 'ok', '1']);
    for (const path of ['/api/v1/openapi.json', '/api/v1/docs']) assert.equal((await api.get(path, { contract: false })).status, 200, path);
  });
});

describe('after the matrix', () => {
  test('the revoked key, the deleted webhook and the removed member are gone; the promoted member is an admin', async () => {
    assert.equal((await api.get('/api/v1/keys', { cookie: w.owner.cookie })).body.data.some((k: any) => k.id === w.keyToRevoke), false);
    assert.equal((await api.get(`/api/v1/webhooks/${w.webhookToDelete}`, { key: w.owner.key })).status, 404);
    const members = await api.get(`/api/v1/organizations/${w.org.slug}/members`, { key: w.owner.key });
    assert.equal(members.body.data.some((m: any) => m.userId === w.leaver.userId), false);
    assert.equal(members.body.data.find((m: any) => m.email === w.joiner.email)?.role, 'member');
    assert.equal(members.body.data.find((m: any) => m.userId === w.promotee.userId)?.role, 'admin');
  });
});
