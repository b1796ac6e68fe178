/** A sailor's racing history page and stats (domain/history.ts); an unknown sailor is 404. */
import { notFound } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { buildHistory, type HistoryPage, type HistoryQuery } from '../domain/history.js';
import { historyRows } from '../store/history.js';
import type { Sailor } from '../domain/sailors.js';
import { findSailor } from '../store/sailors.js';

export async function getSailorHistory(context: ServiceContext, sailorId: string, query: HistoryQuery): Promise<{ sailor: Sailor; page: HistoryPage }> {
  const sailor = await findSailor(context.pool, sailorId);
  if (!sailor) throw notFound('Sailor');
  return { sailor, page: buildHistory(await historyRows(context.pool, sailorId), query) };
}
