/**
 * A device's queue in one request: each record is taken or refused on its own (its own
 * transaction), in order, so one refused record does not hold back the others and a retry after a
 * lost answer replays what was kept. A failure that is not a refusal (the database gone) ends the
 * request; records already kept stay, and the retry replays them.
 */
import { HttpProblem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { FinishInput, SignalInput } from '../domain/records.js';
import type { Caller } from './caller.js';
import { takeFinish } from './take-finish.js';
import { takeSignal } from './take-signal.js';

export type SyncRecord = { type: 'signal'; record: SignalInput } | { type: 'finish'; record: FinishInput };

export interface SyncResult {
  id: string;
  outcome: 'recorded' | 'replayed' | 'rejected';
  problem?: HttpProblem;
}

export async function takeEach<T>(items: readonly T[], idOf: (item: T) => string, take: (item: T) => Promise<{ outcome: 'recorded' | 'replayed' }>): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  for (const item of items) {
    try {
      results.push({ id: idOf(item), outcome: (await take(item)).outcome });
    } catch (error) {
      if (!(error instanceof HttpProblem) || error.status >= 500) throw error;
      results.push({ id: idOf(item), outcome: 'rejected', problem: error });
    }
  }
  return results;
}

export async function syncRecords(context: ServiceContext, caller: Caller, records: readonly SyncRecord[], requestId: string | undefined): Promise<SyncResult[]> {
  return takeEach(
    records,
    (item) => item.record.id,
    (item) => (item.type === 'signal' ? takeSignal(context, caller, item.record, requestId) : takeFinish(context, caller, item.record, requestId)),
  );
}
