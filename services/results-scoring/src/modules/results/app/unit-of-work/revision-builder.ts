/**
 * The one builder of result revisions (the audit trail, store/revisions.ts): a change of a race's
 * results (submission, correction, revert, decision: per boat before → after, the entries restored by
 * a revert) and a publication step (posted, official: the races named, no results). Every revision row
 * is assembled here; nothing else writes one.
 */
import type { Identity } from '@regatta/http';
import type { PoolClient } from '@regatta/db';
import type { ResultRow, SubmittedEntry } from '../../../shared/domain/records.js';
import { changesBetween, snapshotOf, type RevisionKind } from '../../domain/revisions.js';
import { insertRevision, nextRevisionSeq, type RevisionRecord } from '../../store/revisions.js';

/** Who made a change: the user and the API key (or session) of the request; `via` "system" for the service itself. */
export interface RevisionActor {
  userId: string | null;
  keyId: string | null;
  via: string;
}

/** The actor of a request: never the session id (a credential), only that a session was used. */
export function actorOf(identity: Identity): RevisionActor {
  return { userId: identity.userId ?? null, keyId: identity.keyId ?? null, via: identity.via };
}

/** The service itself, acting on a fact whose actor (a user id, or none) it names. */
export const systemActor = (userId: string | null): RevisionActor => ({ userId, keyId: null, via: 'system' });

/** A publication step of some races of one fleet: published (posted, provisional) or made official. */
export interface PublicationStep {
  kind: 'posted' | 'official';
  raceIds: readonly string[];
  reason: string;
  actor: RevisionActor;
}

/** Why a race's results changed, as the use case states it. */
export interface RevisionNote {
  kind: RevisionKind;
  reason: string;
  actor: RevisionActor;
  decisionId?: string | null;
  /** The revision a revert restores. */
  revertedTo?: string | null;
}

export type RevisionRow = Omit<RevisionRecord, 'id' | 'createdAt'>;

/** A race's revision: the boats whose result differs between `before` and `after`, and the entries now stored. */
export function raceRevisionRow(
  scope: { eventId: string; fleetId: string; raceId: string },
  seq: number,
  note: RevisionNote,
  before: readonly ResultRow[],
  after: readonly ResultRow[],
  entries: readonly SubmittedEntry[],
): RevisionRow {
  return {
    eventId: scope.eventId,
    fleetId: scope.fleetId,
    raceId: scope.raceId,
    raceIds: [scope.raceId],
    seq,
    kind: note.kind,
    reason: note.reason,
    decisionId: note.decisionId ?? null,
    revertedTo: note.revertedTo ?? null,
    userId: note.actor.userId,
    keyId: note.actor.keyId,
    via: note.actor.via,
    changes: changesBetween(before, after),
    entries: snapshotOf(entries),
  };
}

/** A publication step (posted, official) of some races of one fleet: no result changes, no entries. */
export function stepRevisionRow(scope: { eventId: string; fleetId: string }, kind: 'posted' | 'official', raceIds: readonly string[], reason: string, actor: RevisionActor): RevisionRow {
  return {
    eventId: scope.eventId,
    fleetId: scope.fleetId,
    raceId: null,
    raceIds: [...raceIds],
    seq: null,
    kind,
    reason,
    decisionId: null,
    revertedTo: null,
    userId: actor.userId,
    keyId: actor.keyId,
    via: actor.via,
    changes: [],
    entries: null,
  };
}

/**
 * Writes a race's revision with the race's next number (the caller holds the fleet's lock); with
 * `skipUnchanged`, nothing (null) when no boat's result changed.
 */
export async function recordRaceRevision(
  client: PoolClient,
  scope: { eventId: string; fleetId: string; raceId: string },
  note: RevisionNote,
  results: { before: readonly ResultRow[]; after: readonly ResultRow[]; entries: readonly SubmittedEntry[] },
  at: Date,
  options: { skipUnchanged: boolean } = { skipUnchanged: false },
): Promise<RevisionRecord | null> {
  const row = raceRevisionRow(scope, 0, note, results.before, results.after, results.entries);
  if (options.skipUnchanged && row.changes.length === 0) return null;
  return insertRevision(client, { ...row, seq: await nextRevisionSeq(client, scope.raceId) }, at);
}

/** Writes a publication step's revision. */
export async function recordStepRevision(client: PoolClient, scope: { eventId: string; fleetId: string }, step: PublicationStep, at: Date): Promise<RevisionRecord> {
  return insertRevision(client, stepRevisionRow(scope, step.kind, step.raceIds, step.reason, step.actor), at);
}
