/**
 * Facts of the protest room on results.v1 (key: the event id): protest.lodged, hearing.scheduled,
 * decision.published, protest.withdrawn (proto/regatta/facts/v1/protests.proto). Public: no contact details and no
 * incident description (webhook subscribers get what the notice board shows).
 */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { Protest } from '../domain/records.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { PRODUCER } from '../../results/app/facts.js';

interface Meta {
  event: EventProjection;
  requestId?: string | undefined;
}

const metaOf = (meta: Meta, occurredAt: Date) => ({ producer: PRODUCER, eventId: meta.event.id, organizationId: meta.event.organizationId, requestId: meta.requestId ?? null, occurredAt });

export function protestLodgedFact(meta: Meta, p: Protest): Fact {
  return newFact(
    'protest.lodged',
    'protestLodged',
    {
      protestId: p.id,
      eventId: p.eventId,
      number: p.number,
      type: p.type,
      raceIds: p.raceIds,
      protestorParty: p.protestorParty,
      ...(p.protestorBoatId ? { protestorBoatId: p.protestorBoatId } : {}),
      protesteeBoatIds: p.protesteeBoatIds,
      rulesAlleged: p.rulesAlleged,
      lodgedAt: timestampFromDate(p.lodgedAt),
      ...(p.deadline ? { deadline: timestampFromDate(p.deadline) } : {}),
      late: p.late,
    },
    metaOf(meta, p.lodgedAt),
  );
}

export function hearingScheduledFact(meta: Meta, p: Protest): Fact {
  const hearing = p.hearing!;
  return newFact(
    'hearing.scheduled',
    'hearingScheduled',
    { protestId: p.id, eventId: p.eventId, number: p.number, type: p.type, raceIds: p.raceIds, startsAt: timestampFromDate(hearing.startsAt), room: hearing.room, partyBoatIds: hearing.partyBoatIds },
    metaOf(meta, hearing.scheduledAt),
  );
}

export function decisionPublishedFact(meta: Meta, p: Protest): Fact {
  const d = p.decision!;
  const opt = <K extends string, V>(key: K, value: V | null | undefined) => (value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>));
  return newFact(
    'decision.published',
    'decisionPublished',
    {
      decisionId: d.id,
      protestId: p.id,
      eventId: p.eventId,
      number: p.number,
      type: p.type,
      raceIds: p.raceIds,
      factsFound: d.factsFound,
      conclusions: d.conclusions,
      rulesApplied: d.rulesApplied,
      consequences: d.consequences.map((c) => ({
        boatId: c.boatId,
        raceId: c.raceId,
        action: c.action,
        ...opt('points', c.points),
        ...opt('percent', c.percent),
        ...opt('method', c.method),
        ...opt('status', c.status),
        ...opt('code', c.code ? c.code.toUpperCase() : null),
      })),
      revisionIds: d.revisions.map((r) => r.revisionId),
      decidedAt: timestampFromDate(d.decidedAt),
    },
    metaOf(meta, d.decidedAt),
  );
}

export function protestWithdrawnFact(meta: Meta, p: Protest): Fact {
  const w = p.withdrawal!;
  return newFact(
    'protest.withdrawn',
    'protestWithdrawn',
    { protestId: p.id, eventId: p.eventId, number: p.number, type: p.type, raceIds: p.raceIds, withdrawnAt: timestampFromDate(w.withdrawnAt) },
    metaOf(meta, w.withdrawnAt),
  );
}
