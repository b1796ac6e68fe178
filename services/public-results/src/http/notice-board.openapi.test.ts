/**
 * The notice board's account in the OpenAPI document and on the page, from real protobuf facts:
 *   - projectFact keeps protest.lodged silent and appends hearing.scheduled and decision.published
 *     messages whose data match LiveCaseChanged (a replayed, older fact appends nothing);
 *   - the regatta JSON twin with cases matches its .json schema;
 *   - the regatta page shows the hearing schedule as a table and each decision as an article, with
 *     boats by sail number and name, escaping what the committee wrote, and no ids.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { checkLiveMessage, checkResponse } from '@regatta/testing';
import { projectFact } from '../app/project-fact.js';
import type { CaseRecord } from '../domain/notice-board.js';
import type { EventPartsInput } from '../domain/parts.js';
import { regattaView } from '../domain/public-views.js';
import { regattaPage } from './pages.views.js';

const EVENT = '7a0d5c1e-0000-4000-8000-000000000102';
const LASERS = '7a0d5c1e-0000-4000-8000-000000000110';
const [R1, R2] = ['7a0d5c1e-0000-4000-8000-000000000120', '7a0d5c1e-0000-4000-8000-000000000121'];
const [A, B, C] = ['7a0d5c1e-0000-4000-8000-000000000131', '7a0d5c1e-0000-4000-8000-000000000132', '7a0d5c1e-0000-4000-8000-000000000133'];
const ts = (text: string) => timestampFromDate(new Date(text));
const meta = (occurredAt: string) => ({ producer: 'results-scoring', eventId: EVENT, organizationId: 'org-1', occurredAt: new Date(occurredAt) });

const lodged = newFact('protest.lodged', 'protestLodged', { protestId: 'p1', eventId: EVENT, number: 1, type: 'boat', raceIds: [R1], protestorParty: 'boat', protestorBoatId: A, protesteeBoatIds: [B], rulesAlleged: ['10'], lodgedAt: ts('2025-06-01T16:00:00Z'), late: false }, meta('2025-06-01T16:00:00Z'));
const hearingAt = (startsAt: string, occurredAt: string) =>
  newFact('hearing.scheduled', 'hearingScheduled', { protestId: 'p1', eventId: EVENT, number: 1, type: 'boat', raceIds: [R1], startsAt: ts(startsAt), room: 'Jury room', partyBoatIds: [A, B] }, meta(occurredAt));
const decided = newFact(
  'decision.published',
  'decisionPublished',
  {
    decisionId: 'd1',
    protestId: 'p1',
    eventId: EVENT,
    number: 1,
    type: 'boat',
    raceIds: [R1],
    factsFound: 'A on starboard, B on port <script>alert(1)</script>',
    conclusions: 'B failed to keep clear.',
    rulesApplied: ['10'],
    consequences: [{ boatId: B, raceId: R1, action: 'dsq' }],
    revisionIds: ['rev-1'],
    decidedAt: ts('2025-06-01T20:05:00Z'),
  },
  meta('2025-06-01T20:05:00Z'),
);
// Redress for C, heard without a lodging fact seen yet (the case is public with what the hearing says).
const redressHeard = newFact('hearing.scheduled', 'hearingScheduled', { protestId: 'p2', eventId: EVENT, number: 2, type: 'redress', raceIds: [R2], startsAt: ts('2025-06-01T19:00:00Z'), room: 'Room B', partyBoatIds: [C] }, meta('2025-06-01T18:40:00Z'));

const names = {
  races: [{ id: R1, raceNumber: 1, fleetId: LASERS }, { id: R2, raceNumber: 2, fleetId: LASERS }],
  fleets: [{ id: LASERS, name: 'Lasers' }],
  boats: [{ id: A, sailNumber: 'ITA 101', boatName: 'Blue Heron' }, { id: B, sailNumber: 'ITA 102', boatName: 'Red Kite' }, { id: C, sailNumber: 'ITA 103', boatName: 'Grey Gull' }],
};

/** A database stand-in: protest_cases kept in memory with the store's merge rules, names canned, live messages recorded. */
function fakeClient() {
  const cases = new Map<string, { lodging: unknown; hearing: { scheduledAt: string } | null; decision: { decidedAt: string } | null }>();
  const live: Array<{ type: string; data: unknown }> = [];
  let seq = 0;
  const client = {
    async query(sql: string, params: unknown[] = []) {
      if (sql.includes('INSERT INTO protest_cases')) {
        const id = params[0] as string;
        const fresh = JSON.parse(params[3] as string);
        const row = cases.get(id);
        const value = params[4] === undefined ? undefined : JSON.parse(params[4] as string);
        if (!row) {
          const created = { lodging: fresh, hearing: sql.includes(', hearing)') ? value : null, decision: sql.includes(', decision)') ? value : null };
          cases.set(id, created);
          return { rows: [created], rowCount: 1 };
        }
        if (sql.includes('SET number')) row.lodging = fresh;
        else if (sql.includes('SET hearing')) {
          if (row.hearing && row.hearing.scheduledAt > value.scheduledAt) return { rows: [], rowCount: 0 };
          row.hearing = value;
        } else if (sql.includes('SET decision')) row.decision = value;
        return { rows: [row], rowCount: 1 };
      }
      if (sql.includes('AS names')) return { rows: [{ names }], rowCount: 1 };
      if (sql.includes('RETURNING live_seq')) return { rows: [{ live_seq: String(++seq) }], rowCount: 1 };
      if (sql.includes('INSERT INTO live_messages')) live.push({ type: params[2] as string, data: JSON.parse(params[3] as string) });
      return { rows: [], rowCount: 1 };
    },
  };
  return { client: client as unknown as PoolClient, cases, live };
}

const JSON_TYPE = 'application/json; charset=utf-8';

async function project(facts: Fact[]) {
  const fake = fakeClient();
  for (const fact of facts) await projectFact(fake.client, fact);
  return fake;
}

test('lodging is silent; hearing.scheduled and decision.published carry the case as LiveCaseChanged; an older hearing is ignored', async () => {
  const { live, cases } = await project([lodged, hearingAt('2025-06-01T19:30:00Z', '2025-06-01T18:00:00Z'), hearingAt('2025-06-01T19:45:00Z', '2025-06-01T18:10:00Z'), hearingAt('2025-06-01T19:30:00Z', '2025-06-01T18:00:00Z'), decided, redressHeard]);
  assert.deepEqual(live.map((m) => m.type), ['hearing.scheduled', 'hearing.scheduled', 'decision.published', 'hearing.scheduled']);
  for (const message of live) {
    const check = checkLiveMessage(message.type, message.data);
    assert.ok(check.ok, `${message.type}: ${check.problems.join('; ')}`);
  }
  // The hearing moved to 19:45; the replayed 19:30 scheduling (older) changed nothing.
  assert.equal((cases.get('p1')!.hearing as { startsAt?: string }).startsAt, '2025-06-01T19:45:00.000Z');
  const decision = live[2]!.data as { occurredAt: string; case: { status: string; decision: { outcome: string; consequences: Array<{ summary: string; boat: unknown }> } } };
  assert.deepEqual([decision.occurredAt, decision.case.status, decision.case.decision.outcome], ['2025-06-01T20:05:00.000Z', 'decided', 'Penalty']);
  assert.deepEqual(decision.case.decision.consequences.map((c) => [c.boat, c.summary]), [[{ sailNumber: 'ITA 102', boatName: 'Red Kite' }, 'Disqualified (DSQ)']]);
  const text = JSON.stringify(live);
  for (const id of [A, B, C, 'p1', 'd1', 'rev-1', 'org-1']) assert.equal(text.includes(id), false, `no ${id} in live messages`);
  // A private field would be refused by the document.
  assert.equal(checkLiveMessage('hearing.scheduled', { ...(live[0]!.data as object), case: { ...(live[0]!.data as { case: object }).case, incident: 'x' } }).ok, false);
});

function parts(cases: CaseRecord[]): EventPartsInput {
  return {
    event: { id: EVENT, slug: 'spring-cup-2025', name: 'Spring Cup 2025', description: null, venue: 'North Bay', address: null, startDate: '2025-06-01T08:00:00.000Z', endDate: '2025-06-02T18:00:00.000Z', registrationOpen: null, registrationClose: null, status: 'ongoing', organization: null, maxParticipants: null, noticeOfRace: null, sailingInstructions: null },
    organization: null,
    fleets: [{ id: LASERS, name: 'Lasers', description: null, scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'one_design', discardThresholds: [] }],
    races: names.races.map((r) => ({ id: r.id, fleetId: LASERS, name: `Race ${r.raceNumber}`, raceNumber: r.raceNumber, scheduledStart: null, status: 'finished', actualStart: null, finishedAt: null, courseDescription: null, courseDistanceNm: null })),
    documents: [],
    entries: [],
    results: [],
    standings: [],
    cases,
    boats: names.boats,
  };
}

test('the regatta JSON twin carries the cases and matches its schema; the page shows the schedule and the decisions', async () => {
  const { cases } = await project([lodged, hearingAt('2025-06-01T19:30:00Z', '2025-06-01T18:00:00Z'), decided, redressHeard]);
  const records = [...cases.values()].map((row) => ({ ...(row.lodging as object), hearing: row.hearing, decision: row.decision }) as CaseRecord);
  const view = JSON.parse(JSON.stringify(regattaView(parts(records))));
  const check = checkResponse('GET', '/regattas/spring-cup-2025.json', 200, JSON_TYPE, { data: view });
  assert.ok(check.ok, check.problems.join('\n'));
  assert.deepEqual(view.cases.map((c: { number: number; status: string }) => [c.number, c.status]), [[1, 'decided'], [2, 'scheduled']]);

  const page = regattaPage(regattaView(parts(records)));
  assert.match(page, /<h2>Notice board<\/h2>/);
  assert.doesNotMatch(page, /Nothing posted yet/);
  assert.match(page, /<h3>Hearing schedule<\/h3>/);
  assert.match(page, /<caption>Hearings, earliest first<\/caption>/);
  // Case 2 (19:00) before case 1 (19:30), each row headed by its case number.
  const rows = [...page.matchAll(/<tr><th scope="row" class="num">(\d+)<\/th><td>([^<]+)<\/td><td>([^<]+)/g)].map((m) => [m[1], m[2], m[3]]);
  assert.deepEqual(rows, [['2', 'Scheduled', 'Request for redress'], ['1', 'Decided', 'Protest, boat v boat']]);
  assert.match(page, /<td>ITA 101 Blue Heron v ITA 102 Red Kite<\/td><td>1 Jun 2025, 19:30 UTC<\/td><td>Jury room<\/td><\/tr>/);
  assert.match(page, /<h3>Decisions<\/h3>/);
  assert.match(page, /<article class="decision" aria-labelledby="case-1"><h4 id="case-1">Case 1: Protest, boat v boat \(R1 Lasers\)<\/h4>/);
  assert.match(page, /<strong>Decision: Penalty<\/strong>/);
  assert.match(page, /<li>ITA 102 Red Kite, race 1: Disqualified \(DSQ\)<\/li>/);
  assert.ok(page.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'what the committee wrote is escaped');
  for (const id of [A, B, C, 'p1', 'd1']) assert.equal(page.includes(id), false, `no ${id} on the page`);
});

test('a regatta without public cases keeps its notice board as before', () => {
  const page = regattaPage(regattaView(parts([])));
  assert.match(page, /<h2>Notice board<\/h2>\n<p class="meta">Nothing posted yet.<\/p>/);
  assert.doesNotMatch(page, /Hearing schedule/);
});
