/**
 * What a race's signals say now: its status and the start in force. Signals are applied in the
 * order of their times (then their arrival): a warning or preparatory signal opens a sequence; a
 * start signal starts the race at its time; a general recall voids that start (the race waits for a
 * new sequence, under a new start id); individual recalls name boats over the line early at the
 * start in force; a postponement before the start stops the sequence; an abandonment ends the race
 * (a new sequence may sail it again); a shortened course is noted.
 */
import { sailKey, type Signal } from './records.js';

export type RaceCaptureStatus = 'scheduled' | 'in_sequence' | 'started' | 'postponed' | 'abandoned';

export interface RaceStart {
  status: RaceCaptureStatus;
  startAt: Date | null;
  startId: string | null;
  shortened: boolean;
  /** Sail numbers (as recorded) individually recalled at the start in force. */
  recalled: string[];
}

export type StartSignal = Pick<Signal, 'startId' | 'kind' | 'at' | 'sailNumbers'> & { receivedAt?: Date };

export function raceStart(signals: readonly StartSignal[]): RaceStart {
  const ordered = [...signals].sort((a, b) => a.at.getTime() - b.at.getTime() || (a.receivedAt?.getTime() ?? 0) - (b.receivedAt?.getTime() ?? 0));
  let state: RaceStart = { status: 'scheduled', startAt: null, startId: null, shortened: false, recalled: [] };
  for (const signal of ordered) {
    switch (signal.kind) {
      case 'warning':
      case 'preparatory':
        if (state.status !== 'started') state = { ...state, status: 'in_sequence', startId: signal.startId, startAt: null, recalled: [] };
        break;
      case 'start':
        state = { ...state, status: 'started', startId: signal.startId, startAt: signal.at, recalled: [] };
        break;
      case 'individual_recall':
        if (signal.startId === state.startId) {
          const known = new Set(state.recalled.map(sailKey));
          state = { ...state, recalled: [...state.recalled, ...signal.sailNumbers.filter((sail) => !known.has(sailKey(sail)))] };
        }
        break;
      case 'general_recall':
        if (signal.startId === state.startId) state = { ...state, status: 'scheduled', startId: null, startAt: null, recalled: [] };
        break;
      case 'postponement':
        if (state.status !== 'started') state = { ...state, status: 'postponed', startId: null, startAt: null, recalled: [] };
        break;
      case 'abandonment':
        state = { ...state, status: 'abandoned' };
        break;
      case 'shortened_course':
        state = { ...state, shortened: true };
        break;
    }
  }
  return state;
}
