/** Facts of revisions and publication steps (results.revised, results.posted, results.official) on results.v1. */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { EventProjection } from '../../shared/domain/records.js';
import type { RevisedState } from '../domain/revisions.js';
import type { RevisionRecord } from '../store/revisions.js';
import { PRODUCER } from './facts.js';

interface Meta {
  event: EventProjection;
  requestId?: string | undefined;
}

const metaOf = (meta: Meta, occurredAt: Date) => ({
  producer: PRODUCER,
  eventId: meta.event.id,
  organizationId: meta.event.organizationId,
  requestId: meta.requestId ?? null,
  occurredAt,
});

const opt = <K extends string, V>(key: K, value: V | null | undefined) => (value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>));

function stateMessage(state: RevisedState) {
  return {
    status: state.status,
    ...opt('code', state.code),
    ...opt('position', state.position),
    ...opt('points', state.points),
    ...(state.finishTime ? { finishTime: timestampFromDate(new Date(state.finishTime)) } : {}),
    ...opt('penaltyPercent', state.penaltyPercent),
    ...opt('penaltyPoints', state.penaltyPoints),
    ...opt('redressMethod', state.redressMethod),
    ...opt('redressPoints', state.redressPoints),
    ...opt('notes', state.notes),
  };
}

export function resultsRevisedFact(meta: Meta, revision: RevisionRecord): Fact {
  return newFact(
    'results.revised',
    'resultsRevised',
    {
      eventId: meta.event.id,
      raceId: revision.raceId ?? '',
      fleetId: revision.fleetId,
      revisionId: revision.id,
      seq: revision.seq ?? 0,
      kind: revision.kind,
      reason: revision.reason,
      ...opt('decisionId', revision.decisionId),
      ...opt('userId', revision.userId),
      ...opt('keyId', revision.keyId),
      via: revision.via,
      revisedAt: timestampFromDate(revision.createdAt),
      changes: revision.changes.map((change) => ({
        boatId: change.boatId,
        ...(change.before ? { before: stateMessage(change.before) } : {}),
        ...(change.after ? { after: stateMessage(change.after) } : {}),
      })),
      ...opt('revertedTo', revision.revertedTo),
    },
    metaOf(meta, revision.createdAt),
  );
}

export function resultsPostedFact(
  meta: Meta,
  fleetId: string,
  at: Date,
  races: { raceId: string; number: number; protestDeadline: Date | null }[],
  userId: string | null,
): Fact {
  return newFact(
    'results.posted',
    'resultsPosted',
    {
      eventId: meta.event.id,
      fleetId,
      postedAt: timestampFromDate(at),
      races: races.map((race) => ({
        raceId: race.raceId,
        raceNumber: race.number,
        ...(race.protestDeadline ? { protestDeadline: timestampFromDate(race.protestDeadline) } : {}),
      })),
      ...opt('userId', userId),
    },
    metaOf(meta, at),
  );
}

export function resultsOfficialFact(meta: Meta, fleetId: string, at: Date, raceIds: string[], reason: 'time_limit' | 'committee', userId: string | null): Fact {
  return newFact(
    'results.official',
    'resultsOfficial',
    { eventId: meta.event.id, fleetId, officialAt: timestampFromDate(at), raceIds, reason, ...opt('userId', userId) },
    metaOf(meta, at),
  );
}
