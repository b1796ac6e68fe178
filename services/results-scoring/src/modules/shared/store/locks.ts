/**
 * Advisory locks that serialise scoring (held until the transaction ends). Order, on every path: the
 * locks of the series containing the event (in id order), then fleet locks (in id order), then rows.
 */
import type { PoolClient } from '@regatta/db';
import type { SeriesProjection } from '../domain/records.js';
import { findSeriesContainingEvent } from './projections/series.js';

/** Serialises every scoring of one fleet (submissions, recomputes, renderings of its views). */
export async function lockFleet(client: PoolClient, fleetId: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`results-scoring:fleet:${fleetId}`]);
}

/** Takes the series' locks (in id order) for the rest of the transaction. */
export async function lockSeries(client: PoolClient, seriesIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(seriesIds)].sort()) {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`results-scoring:series:${id}`]);
  }
}

/** The series that contain the event, locked; call before taking the lock of any of the event's fleets. */
export async function lockSeriesOfEvent(client: PoolClient, eventId: string): Promise<SeriesProjection[]> {
  const series = await findSeriesContainingEvent(client, eventId);
  await lockSeries(client, series.map((s) => s.id));
  return series;
}

/**
 * The time of the change this transaction makes, at millisecond precision: revisions, the progress row
 * and the history of the read views (read-views.ts, as CHANGE_TIME) all carry it, so `asOf` = a
 * revision's time shows exactly that revision. Taken once, after the fleet locks (callers hold them):
 * the wall clock then orders changes of one fleet as the locks did (a transaction's start time would
 * not: one that started earlier may take the lock later).
 */
export async function transactionTime(client: PoolClient): Promise<Date> {
  const { rows } = await client.query<{ at: Date }>(
    `SELECT COALESCE(NULLIF(current_setting('regatta.change_at', true), '')::timestamptz,
                     set_config('regatta.change_at', date_trunc('milliseconds', clock_timestamp())::text, true)::timestamptz) AS at`,
  );
  return rows[0]!.at;
}
