/**
 * Revisions of a race's results: what one boat's result was (RevisedState) and what changed between
 * two versions of a race (per boat before → after). Pure; the store keeps them, the revision builder
 * (app/unit-of-work/revision-builder.ts) writes them in the transaction of the change.
 */
import type { ResultRow, SubmittedEntry } from '../../shared/domain/records.js';

export const REVISION_KINDS = ['submission', 'correction', 'revert', 'decision'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
/** Publication steps are revisions too, without result changes. */
export type RevisionRecordKind = RevisionKind | 'posted' | 'official';

/** One boat's result as a revision records it (stored entry plus the computed place and points). */
export interface RevisedState {
  status: string;
  code: string | null;
  position: number | null;
  points: number | null;
  finishTime: string | null;
  penaltyPercent: number | null;
  penaltyPoints: number | null;
  redressMethod: string | null;
  redressPoints: number | null;
  notes: string | null;
}

export interface BoatChange {
  boatId: string;
  /** Null: the boat was not listed before. */
  before: RevisedState | null;
  /** Null: the boat is no longer listed. */
  after: RevisedState | null;
}

type Versioned = SubmittedEntry & Partial<Pick<ResultRow, 'position' | 'points'>>;

export function stateOf(row: Versioned): RevisedState {
  return {
    status: row.status,
    code: row.code,
    position: row.position ?? null,
    points: row.points ?? null,
    finishTime: row.finishTime ? row.finishTime.toISOString() : null,
    penaltyPercent: row.penaltyPercent,
    penaltyPoints: row.penaltyPoints,
    redressMethod: row.redressMethod,
    redressPoints: row.redressPoints,
    notes: row.notes,
  };
}

const same = (a: RevisedState, b: RevisedState) => (Object.keys(a) as (keyof RevisedState)[]).every((key) => a[key] === b[key]);

/** The boats whose result differs between the two versions (in the new version's order, then the removed). */
export function changesBetween(before: readonly Versioned[], after: readonly Versioned[]): BoatChange[] {
  const old = new Map(before.map((row) => [row.boatId, stateOf(row)] as const));
  const changes: BoatChange[] = [];
  const seen = new Set<string>();
  for (const row of after) {
    seen.add(row.boatId);
    const was = old.get(row.boatId) ?? null;
    const now = stateOf(row);
    if (!was || !same(was, now)) changes.push({ boatId: row.boatId, before: was, after: now });
  }
  for (const row of before) if (!seen.has(row.boatId)) changes.push({ boatId: row.boatId, before: old.get(row.boatId)!, after: null });
  return changes;
}

/** Stored entries as a revision keeps them (JSON) and back, for a revert. */
export interface EntrySnapshot {
  boatId: string;
  seq: number;
  status: SubmittedEntry['status'];
  code: string | null;
  finishTime: string | null;
  penaltyPercent: number | null;
  penaltyPoints: number | null;
  redressMethod: SubmittedEntry['redressMethod'];
  redressPoints: number | null;
  notes: string | null;
  /** Only where the result was entered as a place (snapshots written before places were kept have none). */
  recordedPlace?: number;
}

export const snapshotOf = (entries: readonly SubmittedEntry[]): EntrySnapshot[] =>
  entries.map((e) => ({
    boatId: e.boatId,
    seq: e.seq,
    status: e.status,
    code: e.code,
    finishTime: e.finishTime ? e.finishTime.toISOString() : null,
    penaltyPercent: e.penaltyPercent,
    penaltyPoints: e.penaltyPoints,
    redressMethod: e.redressMethod,
    redressPoints: e.redressPoints,
    notes: e.notes,
    ...(e.recordedPlace != null ? { recordedPlace: e.recordedPlace } : {}),
  }));

export const entriesFromSnapshot = (snapshot: readonly EntrySnapshot[]): SubmittedEntry[] =>
  snapshot.map((e) => ({ ...e, finishTime: e.finishTime ? new Date(e.finishTime) : null }));
