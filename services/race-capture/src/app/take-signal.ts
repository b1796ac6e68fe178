/**
 * Keeps one race signal, atomically: replay and conflict by id as for finishes; the races must be of
 * the regatta, recalled boats entered in their fleets, the time not ahead of the server clock. The
 * signal and the race.signal.recorded fact (each race's start in force after it) in one transaction.
 */
import { withTransaction } from '@regatta/db';
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { signalRefusal } from '../domain/finish-checks.js';
import { raceStart } from '../domain/race-start.js';
import { bodyHash, sailKey, type Signal, type SignalInput } from '../domain/records.js';
import { finishesOfRace, lockRace } from '../store/finishes.js';
import { entriesOf, racesOfEvent } from '../store/regatta.js';
import { insertSignal, signalById, signalsOfRaces } from '../store/signals.js';
import type { Caller } from './caller.js';
import { raceSignalRecorded } from './facts.js';
import { refused, type Outcome } from './take-finish.js';

export async function takeSignal(context: ServiceContext, caller: Caller, input: SignalInput, requestId: string | undefined): Promise<{ outcome: Outcome; signal: Signal }> {
  return withTransaction(context.pool, async (client) => {
    const hash = bodyHash(input);
    const conflict = () => problem('capture_id_conflict', `A record with id ${input.id} was sent before with a different body.`);
    const known = await signalById(client, input.id);
    if (known) {
      if (known.bodyHash !== hash || known.signal.eventId !== caller.event.id) throw conflict();
      return { outcome: 'replayed', signal: known.signal };
    }
    const refusal = signalRefusal(input, new Date());
    if (refusal) throw refused(refusal);
    const races = await racesOfEvent(client, caller.event.id, input.raceIds);
    if (races.length !== new Set(input.raceIds).size) {
      const missing = input.raceIds.filter((id) => !races.some((race) => race.id === id));
      throw problem('unknown_race', `Not races of this regatta: ${missing.join(', ')}.`);
    }
    for (const race of [...races].sort((a, b) => a.id.localeCompare(b.id))) await lockRace(client, race.id);
    if (input.sailNumbers?.length) {
      const entered = new Set((await entriesOf(client, caller.event.id, races.map((race) => race.fleetId))).flatMap((entry) => (entry.sailNumber ? [sailKey(entry.sailNumber)] : [])));
      const unknown = input.sailNumbers.filter((sail) => !entered.has(sailKey(sail)));
      if (unknown.length > 0) throw problem('unknown_boat', `Not entered in these races' fleets: ${unknown.join(', ')}.`);
    }
    const stored = await insertSignal(
      client,
      {
        id: input.id,
        eventId: caller.event.id,
        startId: input.startId,
        raceIds: input.raceIds,
        kind: input.kind,
        at: input.at,
        deviceAt: input.deviceAt ?? null,
        clockOffsetMs: input.clockOffsetMs ?? null,
        sailNumbers: input.sailNumbers ?? [],
        note: input.note ?? null,
        recorder: { ...caller.recorder, label: input.recorderLabel ?? caller.recorder.label },
      },
      hash,
    );
    if (!stored.inserted) {
      if (stored.bodyHash !== hash) throw conflict();
      return { outcome: 'replayed', signal: stored.signal };
    }
    const signals = await signalsOfRaces(client, input.raceIds);
    const starts = input.raceIds.map((raceId) => ({ raceId, start: raceStart(signals.filter((signal) => signal.raceIds.includes(raceId))) }));
    const finishes = [];
    for (const race of races) {
      finishes.push({ raceId: race.id, fleetId: race.fleetId, records: await finishesOfRace(client, race.id), entries: await entriesOf(client, caller.event.id, [race.fleetId]) });
    }
    await context.publish(client, raceSignalRecorded(stored.signal, starts, finishes, { organizationId: caller.event.organizationId, requestId, actorUserId: caller.userId }));
    return { outcome: 'recorded', signal: stored.signal };
  });
}
