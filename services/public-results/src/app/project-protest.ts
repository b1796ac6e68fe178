/**
 * The protest room's facts (results.v1) onto the public notice board, in the consumer's transaction
 * (called by project-fact.ts). protest.lodged is kept but announced to nobody: the public sees a case
 * once a hearing is scheduled or a decision published (results-scoring's visibility rule), and then the
 * live feed carries the case as the notice board now shows it.
 */
import type { DecisionPublished, HearingScheduled, ProtestLodged, ProtestWithdrawn } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { liveData, type LiveMeta } from '../domain/live-data.js';
import { caseDecision, caseHearing, caseLodging, caseLookups, caseWithdrawal, lodgingFromHearing, onNoticeBoard, publicCase, type CaseRecord } from '../domain/notice-board.js';
import { appendLive, touchEvent } from '../store/projections/changes.js';
import { caseNames, saveDecision, saveHearing, saveLodging, saveWithdrawal } from '../store/projections/protests.js';

export type ProtestFact =
  | { case: 'protestLodged'; value: ProtestLodged }
  | { case: 'hearingScheduled'; value: HearingScheduled }
  | { case: 'decisionPublished'; value: DecisionPublished }
  | { case: 'protestWithdrawn'; value: ProtestWithdrawn };

/** Every boat a case names (protestor, protestees, hearing parties, boats a decision scored). */
const boatIdsOf = (c: CaseRecord) => [
  ...new Set([...(c.protestorBoatId ? [c.protestorBoatId] : []), ...c.protesteeBoatIds, ...(c.hearing?.partyBoatIds ?? []), ...(c.decision?.consequences.map((x) => x.boatId) ?? [])]),
];

async function announce(client: PoolClient, eventId: string, type: 'hearing.scheduled' | 'decision.published' | 'protest.withdrawn', meta: LiveMeta, record: CaseRecord): Promise<void> {
  const names = await caseNames(client, eventId, boatIdsOf(record));
  await appendLive(client, eventId, type, liveData.caseChanged(meta, publicCase(record, caseLookups(names.races, names.fleets, names.boats))));
}

export async function projectProtest(client: PoolClient, fact: ProtestFact, meta: LiveMeta, at: Date): Promise<void> {
  switch (fact.case) {
    case 'protestLodged': {
      const saved = await saveLodging(client, fact.value.eventId, caseLodging(fact.value));
      // A lodging replayed after its hearing changes what the board shows of the parties.
      if (saved && onNoticeBoard(saved)) await touchEvent(client, fact.value.eventId);
      return;
    }
    case 'hearingScheduled': {
      const saved = await saveHearing(client, fact.value.eventId, lodgingFromHearing(fact.value), caseHearing(fact.value, at));
      if (saved) await announce(client, fact.value.eventId, 'hearing.scheduled', meta, saved);
      return;
    }
    case 'decisionPublished': {
      const saved = await saveDecision(client, fact.value.eventId, lodgingFromHearing(fact.value), caseDecision(fact.value));
      if (saved) await announce(client, fact.value.eventId, 'decision.published', meta, saved);
      return;
    }
    case 'protestWithdrawn': {
      // Announced only when the case was on the board (it had a hearing): a bare lodging stays private.
      const saved = await saveWithdrawal(client, fact.value.eventId, lodgingFromHearing(fact.value), caseWithdrawal(fact.value));
      if (saved && onNoticeBoard(saved)) await announce(client, fact.value.eventId, 'protest.withdrawn', meta, saved);
      return;
    }
  }
}
