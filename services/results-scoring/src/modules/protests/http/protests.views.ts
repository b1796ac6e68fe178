/** Output mapping of the protest room (API field names; private fields only where the caller may see them). */
import type { Consequence } from '../domain/consequence.js';
import type { Protest } from '../domain/records.js';
import type { VisibleProtest } from '../app/list-protests.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function consequenceView(c: Consequence) {
  return {
    boat: c.boatId,
    race: c.raceId,
    action: c.action,
    points: c.points ?? null,
    percent: c.percent ?? null,
    method: c.method ?? null,
    status: c.status ?? null,
    code: c.code ? c.code.toUpperCase() : null,
    finishTime: c.finishTime ? c.finishTime.toISOString() : null,
  };
}

export function protestView(p: Protest, { incident, contact }: { incident: boolean; contact: boolean }) {
  return {
    id: p.id,
    number: p.number,
    type: p.type,
    status: p.status,
    raceIds: p.raceIds,
    protestor: { party: p.protestorParty, boat: p.protestorBoatId },
    protestees: p.protesteeBoatIds,
    rulesAlleged: p.rulesAlleged,
    incident: incident ? p.incident : null,
    contact: contact && p.contact ? { name: p.contact.name ?? null, email: p.contact.email ?? null, phone: p.contact.phone ?? null } : null,
    lodgedAt: p.lodgedAt.toISOString(),
    deadline: iso(p.deadline),
    late: p.late,
    hearing: p.hearing ? { startsAt: p.hearing.startsAt.toISOString(), room: p.hearing.room, parties: p.hearing.partyBoatIds } : null,
    decision: p.decision
      ? {
          id: p.decision.id,
          factsFound: p.decision.factsFound,
          conclusions: p.decision.conclusions,
          rulesApplied: p.decision.rulesApplied,
          consequences: p.decision.consequences.map(consequenceView),
          revisions: p.decision.revisions.map((r) => ({ race: r.raceId, revisionId: r.revisionId, seq: r.seq })),
          decidedAt: p.decision.decidedAt.toISOString(),
        }
      : null,
    withdrawal: p.withdrawal ? { reason: p.withdrawal.reason, withdrawnAt: p.withdrawal.withdrawnAt.toISOString() } : null,
  };
}

/** The committee (and the lodger) see a case in full. */
export const fullView = (p: Protest) => protestView(p, { incident: true, contact: true });

export function listView(items: VisibleProtest[]) {
  return { data: items.map(({ protest, view, showContact }) => protestView(protest, { incident: view !== 'notice', contact: showContact })) };
}
