/**
 * Applies a closed tally day's penalties (race-capture's tally.day.closed) as results change: one
 * unit of work over the fleets of the boats that missed, each race's complete entries with the
 * consequences (the protest room's DPI and correction rules) and a revision via "tally" naming who
 * missed what, so the penalty shows in the revisions and standings and can be corrected by the
 * scorer or protested like any result. Each boat's breach of a day is penalized once; a miss with
 * nothing to penalize yet (no result in the day's races) waits for the next closing.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { applyConsequences, blankEntry, type Consequence } from '../../protests/domain/consequence.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { findRace } from '../../shared/store/projections/fleets.js';
import { getRaceEntries } from '../../results/store/results.js';
import { changeFleets } from '../../results/app/unit-of-work/fleet-change.js';
import { penaltyKind, penaltyReason, tallyConsequences, type Breach, type TallyPenaltyKind, type TallyPenaltyPolicy } from '../domain/tally-penalty.js';
import { appliedBreaches, recordPenalty } from '../store/tally-penalties.js';

/** The actor of a tally penalty's revision: the member who closed the day, via "tally". */
export const TALLY_VIA = 'tally';

export interface ClosedTallyDay {
  eventId: string;
  closingId: string;
  day: string;
  policy: TallyPenaltyPolicy;
  misses: Array<{ boatId: string; fleetId: string; sailNumber: string | null; breach: Breach; raceIds: string[] }>;
  actorUserId: string | null;
  requestId: string | undefined;
}

export async function applyTallyPenalties(context: ServiceContext, client: PoolClient, closed: ClosedTallyDay): Promise<void> {
  const [event] = await findEventsByIds(client, [closed.eventId]);
  if (!event) return;
  const applied = await appliedBreaches(client, event.id, closed.day);
  const misses = closed.misses.filter((miss) => penaltyKind(closed.policy, miss.breach) && !applied.has(`${miss.boatId}:${miss.breach}`));
  if (misses.length === 0) return;
  const raceIds = [...new Set(misses.flatMap((miss) => miss.raceIds))];
  const fleetIds: string[] = [];
  for (const raceId of raceIds) {
    const race = await findRace(client, raceId);
    if (race && race.eventId === event.id) fleetIds.push(race.fleetId);
  }
  if (fleetIds.length === 0) return;

  await changeFleets(context, client, { event, fleetIds, requestId: closed.requestId }, async (change) => {
    const entries = new Map<string, Awaited<ReturnType<typeof getRaceEntries>>>();
    for (const raceId of raceIds) if (change.race(raceId)?.hasResults) entries.set(raceId, await getRaceEntries(client, raceId));
    const byRace = new Map<string, { consequences: Consequence[]; named: Array<{ sailNumber: string | null; breach: Breach; kind: TallyPenaltyKind }> }>();
    for (const miss of misses) {
      const consequences = tallyConsequences(miss, closed.policy, (raceId) => entries.get(raceId)?.find((entry) => entry.boatId === miss.boatId));
      if (consequences.length === 0) continue;
      const kind = penaltyKind(closed.policy, miss.breach)!;
      for (const consequence of consequences) {
        const race = byRace.get(consequence.raceId) ?? { consequences: [], named: [] };
        race.consequences.push(consequence);
        race.named.push({ sailNumber: miss.sailNumber, breach: miss.breach, kind });
        byRace.set(consequence.raceId, race);
      }
      await recordPenalty(client, {
        eventId: event.id,
        day: closed.day,
        boatId: miss.boatId,
        breach: miss.breach,
        kind,
        points: kind === 'points' ? closed.policy.penaltyPoints : null,
        raceIds: consequences.map((consequence) => consequence.raceId),
        closingId: closed.closingId,
      });
    }
    for (const [raceId, { consequences, named }] of byRace) {
      const race = change.race(raceId)!;
      const next = applyConsequences(entries.get(raceId) ?? [], raceId, consequences, blankEntry);
      await change.changeResults(race, next, {
        kind: 'correction',
        reason: penaltyReason(closed.day, named, closed.policy.penaltyPoints),
        actor: { userId: closed.actorUserId, keyId: null, via: TALLY_VIA },
      });
    }
  });
}
