/** The documented shapes of capture answers (instants as ISO strings to the millisecond). */
import type { Reconciliation } from '../domain/reconcile.js';
import type { RaceStart } from '../domain/race-start.js';
import type { FinishRecord, Recorder, Signal } from '../domain/records.js';
import type { CaptureContext, CaptureLog, VoidedRecord } from '../app/read-capture.js';
import type { SyncResult } from '../app/sync-records.js';
import { deviceState, type Device } from '../domain/devices.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const recorderView = (recorder: Recorder) => ({ kind: recorder.kind, id: recorder.id, label: recorder.label });

export const startView = (start: RaceStart) => ({
  status: start.status,
  startAt: iso(start.startAt),
  startId: start.startId,
  shortened: start.shortened,
  recalled: start.recalled,
});

export const signalView = (signal: Signal) => ({
  id: signal.id,
  startId: signal.startId,
  raceIds: signal.raceIds,
  kind: signal.kind,
  at: signal.at.toISOString(),
  deviceAt: iso(signal.deviceAt),
  clockOffsetMs: signal.clockOffsetMs,
  sailNumbers: signal.sailNumbers,
  recorder: recorderView(signal.recorder),
  receivedAt: signal.receivedAt.toISOString(),
  note: signal.note,
});

export const finishView = (record: FinishRecord) => ({
  id: record.id,
  raceId: record.raceId,
  kind: record.kind,
  sailNumber: record.sailNumber,
  registrationId: record.registrationId,
  code: record.code,
  at: iso(record.at),
  deviceAt: iso(record.deviceAt),
  clockOffsetMs: record.clockOffsetMs,
  replaces: record.replaces,
  recorder: recorderView(record.recorder),
  receivedAt: record.receivedAt.toISOString(),
  note: record.note,
  supersededBy: record.supersededBy,
});

export const syncView = (results: SyncResult[], requestPath: string, requestId: string) => ({
  serverTime: new Date().toISOString(),
  results: results.map((result) => ({
    id: result.id,
    outcome: result.outcome,
    ...(result.problem ? { problem: result.problem.toBody(requestPath, requestId) } : {}),
  })),
});

export const logView = (log: CaptureLog) => ({
  raceId: log.raceId,
  start: startView(log.start),
  signals: log.signals.map(signalView),
  finishes: log.finishes.map(finishView),
});

export const reconciliationView = (raceId: string, reconciliation: Reconciliation, recorders: Recorder[], voided: VoidedRecord[]) => ({
  raceId,
  toleranceMs: reconciliation.toleranceMs,
  recorders: recorders.map(recorderView),
  order: reconciliation.order.map((boat) => ({ ...boat, at: boat.at.toISOString() })),
  disagreements: reconciliation.disagreements,
  unknowns: reconciliation.unknowns.map((unknown) => ({ ...unknown, at: unknown.at.toISOString() })),
  codes: reconciliation.codes,
  voided: voided.map(({ record, reason }) => ({
    recordId: record.id,
    kind: record.kind,
    sailNumber: record.sailNumber,
    code: record.code,
    at: iso(record.at),
    recorder: record.recorder.id,
    reason,
  })),
});

export const contextView = (context: CaptureContext) => ({
  event: {
    id: context.caller.event.id,
    slug: context.caller.event.slug,
    name: context.caller.event.name,
    timeZone: context.caller.event.timeZone,
    startDate: context.caller.event.startDate.toISOString(),
    endDate: context.caller.event.endDate.toISOString(),
  },
  fleets: context.fleets,
  races: context.races.map((race) => ({
    id: race.id,
    fleetId: race.fleetId,
    name: race.name,
    raceNumber: race.raceNumber,
    scheduledStart: iso(race.scheduledStart),
    status: race.status,
    start: startView(race.start),
  })),
  entries: context.entries.flatMap((entry) =>
    entry.sailNumber ? [{ registrationId: entry.registrationId, fleetId: entry.fleetId, sailNumber: entry.sailNumber, boatName: entry.boatName }] : [],
  ),
  signals: context.signals.map(signalView),
  recorder: recorderView(context.caller.recorder),
  validUntil: iso(context.caller.device?.validUntil ?? null),
  serverTime: new Date().toISOString(),
});

export const deviceView = (device: Device, now: Date) => ({
  id: device.id,
  label: device.label,
  enrolledBy: device.enrolledBy,
  enrolledAt: device.enrolledAt.toISOString(),
  redeemedAt: iso(device.redeemedAt),
  validFrom: device.validFrom.toISOString(),
  validUntil: device.validUntil.toISOString(),
  revokedAt: iso(device.revokedAt),
  state: deviceState(device, now),
});
