/** A list's current computation: gathers the projections (store/) and applies the formula (domain/rankings/). */
import type { Queryable } from '@regatta/db';
import { computeRanking, type RankingEntry } from '../domain/rankings/compute.js';
import { windowStart } from '../domain/rankings/formula.js';
import type { RankingList } from '../domain/rankings/lists.js';
import { rankingResults, sailorRecords } from '../store/ranking-inputs.js';
import { factorsOf, type EventFactor } from '../store/rankings.js';

export type { Edition, EventFactor } from '../store/rankings.js';

export interface RankingComputation {
  asOf: Date;
  factors: EventFactor[];
  entries: RankingEntry[];
}

/**
 * Computed on every read from the current projections: a results or standings fact applied by the
 * results consumer is in the next read, so no stored computation can go stale (published editions
 * freeze one).
 */
export async function computeList(db: Queryable, list: RankingList, asOf: Date): Promise<RankingComputation> {
  const [results, sailors, factors] = await Promise.all([
    rankingResults(db, list.organizationId, windowStart(asOf, list.formula.windowMonths)),
    sailorRecords(db, list.organizationId),
    factorsOf(db, list.id),
  ]);
  const entries = computeRanking({
    formula: list.formula,
    filters: list.filters,
    factors: new Map(factors.map((factor) => [factor.eventId, factor.factor])),
    defaultFactor: list.defaultFactor,
    results,
    sailors,
    asOf,
  });
  return { asOf, factors, entries };
}
