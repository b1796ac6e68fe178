/** What was captured, read back: a race's log, its reconciled finish order, a device's day context. */
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { raceStart, type RaceStart } from '../domain/race-start.js';
import { reconcile, type Reconciliation } from '../domain/reconcile.js';
import type { FinishRecord, Recorder, Signal } from '../domain/records.js';
import { splitVoid, type VoidReason } from '../domain/void-records.js';
import type { CaptureEntry, CaptureFleet, CaptureRace } from '../domain/regatta.js';
import { finishesOfRace } from '../store/finishes.js';
import { entriesOf, fleetsOfEvent, racesOfEvent } from '../store/regatta.js';
import { signalsOfEvent, signalsOfRaces } from '../store/signals.js';
import type { Caller } from './caller.js';

const RACE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function raceOf(context: ServiceContext, caller: Caller, raceId: string | undefined): Promise<CaptureRace> {
  const [race] = raceId && RACE_ID.test(raceId) ? await racesOfEvent(context.pool, caller.event.id, [raceId]) : [];
  if (!race) throw problem('not_found', 'This regatta has no such race.');
  return race;
}

export interface CaptureLog {
  raceId: string;
  start: RaceStart;
  signals: Signal[];
  finishes: FinishRecord[];
}

export async function captureLog(context: ServiceContext, caller: Caller, raceId: string | undefined): Promise<CaptureLog> {
  const race = await raceOf(context, caller, raceId);
  const [signals, finishes] = await Promise.all([signalsOfRaces(context.pool, [race.id]), finishesOfRace(context.pool, race.id)]);
  return { raceId: race.id, start: raceStart(signals), signals, finishes };
}

export async function finishReconciliation(
  context: ServiceContext,
  caller: Caller,
  raceId: string | undefined,
  toleranceMs: number,
): Promise<{ raceId: string; reconciliation: Reconciliation; recorders: Recorder[]; voided: VoidedRecord[] }> {
  const race = await raceOf(context, caller, raceId);
  const [records, signals] = await Promise.all([finishesOfRace(context.pool, race.id), signalsOfRaces(context.pool, [race.id])]);
  // What the race's signals void is left out of the order and listed apart (records in force only).
  const { counted, voided } = splitVoid(
    records.filter((record) => record.supersededBy === null),
    raceStart(signals),
  );
  const reconciliation = reconcile(counted, toleranceMs);
  const byId = new Map(records.map((record) => [record.recorder.id, record.recorder]));
  return { raceId: race.id, reconciliation, recorders: reconciliation.recorders.map((id) => byId.get(id)!), voided };
}

export interface VoidedRecord {
  record: FinishRecord;
  reason: VoidReason;
}

export interface CaptureContext {
  caller: Caller;
  fleets: CaptureFleet[];
  races: Array<CaptureRace & { start: RaceStart }>;
  entries: CaptureEntry[];
  signals: Signal[];
}

export async function captureContext(context: ServiceContext, caller: Caller): Promise<CaptureContext> {
  const [fleets, races, entries, signals] = await Promise.all([
    fleetsOfEvent(context.pool, caller.event.id),
    racesOfEvent(context.pool, caller.event.id),
    entriesOf(context.pool, caller.event.id),
    signalsOfEvent(context.pool, caller.event.id),
  ]);
  return {
    caller,
    fleets,
    races: races.map((race) => ({ ...race, start: raceStart(signals.filter((signal) => signal.raceIds.includes(race.id))) })),
    entries,
    signals,
  };
}
