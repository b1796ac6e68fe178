/** The capture.v1 facts this service publishes through its outbox (built here, published by use cases). */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { RaceStart } from '../domain/race-start.js';
import { reconcile } from '../domain/reconcile.js';
import { sailKey, type FinishRecord, type Recorder, type Signal } from '../domain/records.js';
import { splitVoid } from '../domain/void-records.js';
import type { CaptureEntry } from '../domain/regatta.js';

const optional = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

function recorderOf(recorder: Recorder) {
  return { kind: recorder.kind, id: recorder.id, label: recorder.label, userId: recorder.kind === 'device' ? undefined : recorder.id };
}

export function startSnapshot(raceId: string, start: RaceStart) {
  return {
    raceId,
    status: start.status,
    startAt: start.startAt ? timestampFromDate(start.startAt) : undefined,
    startId: optional(start.startId),
    shortened: start.shortened,
    recalled: start.recalled,
  };
}

interface Meta {
  organizationId: string;
  requestId: string | undefined;
  actorUserId: string | null;
}

/**
 * The race after a record or signal: its reconciled finish order and codes in force, with the boats
 * entered, and who recorded. Records the race's signals void (an abandonment, finishes before the
 * start in force after a general recall: domain/void-records.ts) are left out, so results follow
 * what still counts.
 */
export function raceSnapshot(records: readonly FinishRecord[], entries: readonly CaptureEntry[], start: RaceStart) {
  const bySail = new Map(entries.flatMap((entry) => (entry.sailNumber ? [[sailKey(entry.sailNumber), entry] as const] : [])));
  const boatOf = (sailNumber: string) => {
    const entry = bySail.get(sailKey(sailNumber));
    return { registrationId: entry?.registrationId, boatId: entry?.boatId ?? undefined, sailNumber };
  };
  const reconciled = reconcile(splitVoid(records, start).counted);
  const recorders = new Map(records.filter((record) => record.supersededBy === null).map((record) => [record.recorder.id, record.recorder]));
  return {
    places: reconciled.order.map((place) => ({ position: place.position, ...boatOf(place.sailNumber), at: timestampFromDate(place.at) })),
    codes: reconciled.codes.map((entry) => ({ ...boatOf(entry.sailNumber), code: entry.code })),
    recorders: [...recorders.values()].map(recorderOf),
    unknownBoats: reconciled.unknowns.length,
  };
}

export function finishRecorded(
  record: FinishRecord,
  fleetId: string,
  start: RaceStart,
  race: { records: readonly FinishRecord[]; entries: readonly CaptureEntry[] },
  meta: Meta,
): Fact {
  return newFact(
    'finish.recorded',
    'finishRecorded',
    {
      record: {
        id: record.id,
        raceId: record.raceId,
        kind: record.kind,
        registrationId: optional(record.registrationId),
        sailNumber: optional(record.sailNumber),
        code: optional(record.code),
        at: record.at ? timestampFromDate(record.at) : undefined,
        deviceAt: record.deviceAt ? timestampFromDate(record.deviceAt) : undefined,
        clockOffsetMs: optional(record.clockOffsetMs),
        replaces: optional(record.replaces),
        recorder: recorderOf(record.recorder),
        receivedAt: timestampFromDate(record.receivedAt),
      },
      fleetId,
      start: startSnapshot(record.raceId, start),
      ...raceSnapshot(race.records, race.entries, start),
    },
    { producer: 'race-capture', organizationId: meta.organizationId, eventId: record.eventId, requestId: meta.requestId ?? null, actorUserId: meta.actorUserId, occurredAt: record.receivedAt },
  );
}

/** A race's finishes so far, for the races whose start a signal changed (none before the first finish). */
export interface RaceFinishes {
  raceId: string;
  fleetId: string;
  records: readonly FinishRecord[];
  entries: readonly CaptureEntry[];
}

export function raceSignalRecorded(signal: Signal, starts: Array<{ raceId: string; start: RaceStart }>, finishes: readonly RaceFinishes[], meta: Meta): Fact {
  const startOf = (raceId: string) => starts.find((entry) => entry.raceId === raceId)!.start;
  return newFact(
    'race.signal.recorded',
    'raceSignalRecorded',
    {
      signal: {
        id: signal.id,
        startId: signal.startId,
        raceIds: signal.raceIds,
        kind: signal.kind,
        at: timestampFromDate(signal.at),
        deviceAt: signal.deviceAt ? timestampFromDate(signal.deviceAt) : undefined,
        clockOffsetMs: optional(signal.clockOffsetMs),
        sailNumbers: signal.sailNumbers,
        recorder: recorderOf(signal.recorder),
        receivedAt: timestampFromDate(signal.receivedAt),
      },
      starts: starts.map(({ raceId, start }) => startSnapshot(raceId, start)),
      finishes: finishes.filter((race) => race.records.length > 0).map((race) => ({ raceId: race.raceId, fleetId: race.fleetId, ...raceSnapshot(race.records, race.entries, startOf(race.raceId)) })),
    },
    { producer: 'race-capture', organizationId: meta.organizationId, eventId: signal.eventId, requestId: meta.requestId ?? null, actorUserId: meta.actorUserId, occurredAt: signal.receivedAt },
  );
}
