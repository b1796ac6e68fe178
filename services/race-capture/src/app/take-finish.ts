/**
 * Keeps one finish record, atomically: the same id and body again is a replay (nothing written), the
 * same id with another body a conflict; otherwise every rule is checked (the race of the regatta, the
 * boat entered in its fleet, the time against the start in force and the server clock, the record it
 * replaces still in force) before anything is written, and the record, the replaced one's mark and
 * the finish.recorded fact are written in one transaction.
 */
import { withTransaction, type PoolClient } from '@regatta/db';
import { problem, type HttpProblem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { finishShapeRefusal, finishTimeRefusal, type Refusal } from '../domain/finish-checks.js';
import { raceStart } from '../domain/race-start.js';
import { bodyHash, sailKey, type FinishInput, type FinishRecord } from '../domain/records.js';
import type { CaptureEntry } from '../domain/regatta.js';
import { finishById, finishesOfRace, insertFinish, lockRace, lockRecordInForce, supersede } from '../store/finishes.js';
import { entriesOf, entryById, entryBySail, racesOfEvent } from '../store/regatta.js';
import { signalsOfRaces } from '../store/signals.js';
import type { Caller } from './caller.js';
import { finishRecorded } from './facts.js';

export type Outcome = 'recorded' | 'replayed';

export function refused(refusal: Refusal): HttpProblem {
  return problem(refusal.code, refusal.detail, refusal.code === 'validation_failed' ? { errors: [{ field: refusal.field, message: refusal.detail }] } : {});
}

function conflict(id: string): HttpProblem {
  return problem('capture_id_conflict', `A record with id ${id} was sent before with a different body; a correction is a new record naming it in replaces.`);
}

async function boatOf(client: PoolClient, fleetId: string, input: FinishInput): Promise<CaptureEntry | null> {
  if (input.sailNumber === undefined && input.registrationId === undefined) return null;
  const bySail = input.sailNumber !== undefined ? await entryBySail(client, [fleetId], sailKey(input.sailNumber)) : undefined;
  const byId = input.registrationId !== undefined ? await entryById(client, [fleetId], input.registrationId) : undefined;
  const entry = bySail ?? byId;
  if (!entry || (bySail && byId && bySail.registrationId !== byId.registrationId)) {
    const named = input.sailNumber !== undefined ? `Sail number ${input.sailNumber}` : `Entry ${input.registrationId}`;
    throw problem('unknown_boat', `${named} is not entered in this race's fleet. Check it, or record the boat as unknown to resolve later.`);
  }
  return entry;
}

async function takeIn(client: PoolClient, context: ServiceContext, caller: Caller, input: FinishInput, requestId: string | undefined): Promise<{ outcome: Outcome; record: FinishRecord }> {
  const hash = bodyHash(input);
  const known = await finishById(client, input.id);
  if (known) {
    if (known.bodyHash !== hash || known.record.eventId !== caller.event.id) throw conflict(input.id);
    return { outcome: 'replayed', record: known.record };
  }
  const shape = finishShapeRefusal(input);
  if (shape) throw refused(shape);
  const [race] = await racesOfEvent(client, caller.event.id, [input.raceId]);
  if (!race) throw problem('unknown_race', `Race ${input.raceId} is not a race of this regatta.`);
  await lockRace(client, race.id);
  const entry = await boatOf(client, race.fleetId, input);
  const start = raceStart(await signalsOfRaces(client, [race.id]));
  const timing = finishTimeRefusal(input, new Date(), start.startAt);
  if (timing) throw refused(timing);
  if (input.replaces !== undefined && !(await lockRecordInForce(client, race.id, input.replaces))) {
    throw problem('unknown_record', `Record ${input.replaces} is not a record in force of this race (unknown, of another race, or already replaced).`);
  }
  const stored = await insertFinish(
    client,
    {
      id: input.id,
      eventId: caller.event.id,
      raceId: race.id,
      kind: input.kind,
      registrationId: entry?.registrationId ?? null,
      sailNumber: entry ? (entry.sailNumber ?? input.sailNumber ?? null) : null,
      code: input.code ?? null,
      at: input.at ?? null,
      deviceAt: input.deviceAt ?? null,
      clockOffsetMs: input.clockOffsetMs ?? null,
      replaces: input.replaces ?? null,
      note: input.note ?? null,
      recorder: { ...caller.recorder, label: input.recorderLabel ?? caller.recorder.label },
    },
    hash,
  );
  if (!stored.inserted) {
    // The same id arrived concurrently and won.
    if (stored.bodyHash !== hash) throw conflict(input.id);
    return { outcome: 'replayed', record: stored.record };
  }
  if (input.replaces !== undefined && !(await supersede(client, race.id, input.replaces, input.id))) {
    throw problem('unknown_record', `Record ${input.replaces} was replaced meanwhile.`);
  }
  const snapshot = { records: await finishesOfRace(client, race.id), entries: await entriesOf(client, caller.event.id, [race.fleetId]) };
  await context.publish(client, finishRecorded(stored.record, race.fleetId, start, snapshot, { organizationId: caller.event.organizationId, requestId, actorUserId: caller.userId }));
  return { outcome: 'recorded', record: stored.record };
}

export async function takeFinish(context: ServiceContext, caller: Caller, input: FinishInput, requestId: string | undefined): Promise<{ outcome: Outcome; record: FinishRecord }> {
  return withTransaction(context.pool, (client) => takeIn(client, context, caller, input, requestId));
}
