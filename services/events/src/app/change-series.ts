/**
 * PATCH and DELETE /series/{slug}: an admin of the series' organization renames it, changes its
 * events, scoring rule or bestOf (series.updated: results-scoring re-ranks it), or deletes it
 * (series.deleted; its standings are derived, so nothing of record is lost).
 */
import type { SeriesScoringRule } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { notFound, validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { sameFleetValue } from '../domain/fleet-fields.js';
import { findOrganization } from '../store/projections/organizations.js';
import { deleteSeries as deleteSeriesRow, lockSeriesRow, seriesBySlug, updateSeries as updateSeriesRow, type SeriesListRow } from '../store/series.js';
import { eventsByIds } from '../store/events.js';
import { orgAccessOf, requireAdmin } from './access.js';
import { seriesEvents } from './create-series.js';
import type { LazyInput } from './input.js';
import { seriesDeletedFact, seriesUpdatedFact } from './resource-facts.js';
import { withVisibleEvents, type SeriesWithEvents } from './series-events.js';

export interface UpdateSeriesInput {
  name?: string | undefined;
  description?: string | null | undefined;
  events?: string[] | undefined;
  scoringRule?: SeriesScoringRule | undefined;
  bestOf?: number | null | undefined;
}

const SERIES_COLUMNS = { name: 'name', description: 'description', scoringRule: 'scoring_rule', bestOf: 'best_of' } as const;

/** The series, if the caller is an admin of its organization (404 unknown, 403 organization_admin_required). */
async function adminSeries(context: ServiceContext, identity: Identity, slug: string): Promise<SeriesListRow> {
  const series = await seriesBySlug(context.pool, slug);
  if (!series || (identity.via === 'embed' && series.organization_id !== identity.embedOrganizationId)) throw notFound(`Series ${slug}`);
  const org = await findOrganization(context.pool, series.organization_id);
  if (!org) throw notFound(`Series ${slug}`);
  requireAdmin(identity, orgAccessOf(org));
  return series;
}

export async function updateSeries(context: ServiceContext, identity: Identity, slug: string, readInput: LazyInput<UpdateSeriesInput>, requestId: string): Promise<{ result: SeriesWithEvents; changed: string[] }> {
  const series = await adminSeries(context, identity, slug);
  const input = readInput();
  const eventIds = input.events ? (await seriesEvents(context, identity, { events: input.events, bestOf: input.bestOf ?? series.best_of })).map((e) => e.id) : undefined;
  const bestOf = input.bestOf === undefined ? series.best_of : input.bestOf;
  const count = eventIds?.length ?? series.event_ids.length;
  if (bestOf !== null && bestOf > count) throw validationFailed([{ field: 'bestOf', message: `must not exceed the number of events (${count})` }]);
  const changed: string[] = [];
  await withTransaction(context.pool, async (client) => {
    // A DELETE may have won the race since the series was read: the PATCH then finds nothing (404).
    if (!(await lockSeriesRow(client, series.id))) throw notFound(`Series ${slug}`);
    const values: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(SERIES_COLUMNS)) {
      const value = input[field as keyof typeof SERIES_COLUMNS];
      if (value === undefined || sameFleetValue((series as unknown as Record<string, unknown>)[column], value)) continue;
      values[column] = value;
      changed.push(column);
    }
    const eventsChanged = eventIds !== undefined && !sameFleetValue(eventIds, series.event_ids);
    if (eventsChanged) changed.push('event_ids');
    if (changed.length === 0) return;
    await updateSeriesRow(client, series.id, values, eventsChanged ? eventIds : undefined);
    const row = (await seriesBySlug(client, series.slug))!;
    await context.publish(client, seriesUpdatedFact(row, row.event_ids, changed, requestId));
  });
  const row = await seriesBySlug(context.pool, series.slug);
  if (!row) throw notFound(`Series ${slug}`);
  const events = new Map((await eventsByIds(context.pool, row.event_ids)).map((event) => [event.id, event]));
  return { result: withVisibleEvents(row, events, identity), changed };
}

export async function deleteSeries(context: ServiceContext, identity: Identity, slug: string, requestId: string): Promise<SeriesListRow> {
  const series = await adminSeries(context, identity, slug);
  await withTransaction(context.pool, async (client) => {
    if (!(await lockSeriesRow(client, series.id))) throw notFound(`Series ${slug}`);
    await deleteSeriesRow(client, series.id);
    await context.publish(client, seriesDeletedFact(series, requestId));
  });
  return series;
}
