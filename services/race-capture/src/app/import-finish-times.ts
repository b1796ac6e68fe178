/**
 * Finish times from a timing system or tracker (CSV) become finish records like any other: each line
 * a `finish` with an id derived from the import id and the line number (so the same import sent
 * again replays), its wall-clock times read on the race's day in the regatta's time zone.
 */
import { createHash } from 'node:crypto';
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { parseFinishTimes } from '../domain/finish-csv.js';
import { raceStart } from '../domain/race-start.js';
import { zonedDay } from '../domain/zoned-time.js';
import { racesOfEvent } from '../store/regatta.js';
import { signalsOfRaces } from '../store/signals.js';
import type { Caller } from './caller.js';
import { takeEach, type SyncResult } from './sync-records.js';
import { takeFinish } from './take-finish.js';

/** A stable record id for line `line` of import `importId` (a UUID-shaped SHA-256 prefix). */
export function lineRecordId(importId: string, line: number): string {
  const hex = createHash('sha256').update(`${importId}:${line}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function importFinishTimes(
  context: ServiceContext,
  caller: Caller,
  input: { importId: string; raceId: string; csv: string; recorderLabel?: string | undefined },
  requestId: string | undefined,
): Promise<SyncResult[]> {
  const [race] = await racesOfEvent(context.pool, caller.event.id, [input.raceId]);
  if (!race) throw problem('unknown_race', `Race ${input.raceId} is not a race of this regatta.`);
  const start = raceStart(await signalsOfRaces(context.pool, [race.id]));
  const day = zonedDay(start.startAt ?? race.scheduledStart ?? caller.event.startDate, caller.event.timeZone);
  const { finishes, errors } = parseFinishTimes(input.csv, day, caller.event.timeZone);
  if (finishes.length === 0) {
    throw problem('validation_failed', 'The CSV holds no finish (sail number,time).', {
      errors: errors.length ? errors.map((error) => ({ field: `csv.line ${error.line}`, message: error.message })) : [{ field: 'csv', message: 'no finish lines' }],
    });
  }
  const lines = [
    ...finishes.map((finish) => ({ line: finish.line, finish })),
    ...errors.map((error) => ({ line: error.line, error })),
  ].sort((a, b) => a.line - b.line);
  return takeEach(
    lines,
    (item) => lineRecordId(input.importId, item.line),
    async (item) => {
      if ('error' in item) throw problem('validation_failed', `Line ${item.line}: ${item.error.message}`, { errors: [{ field: `csv.line ${item.line}`, message: item.error.message }] });
      return takeFinish(
        context,
        caller,
        { id: lineRecordId(input.importId, item.line), raceId: race.id, kind: 'finish', sailNumber: item.finish.sailNumber, at: item.finish.at, recorderLabel: input.recorderLabel },
        requestId,
      );
    },
  );
}
