/**
 * The rendered read views (migration 002): race views (GET results), fleet views (GET standings) and
 * series views (GET series standings), stored as JSON text so a read sends them without scoring,
 * row-by-row parsing or re-serialising. Written by app/render-views.ts; read by the GET use cases.
 */
import type { Queryable } from '@regatta/db';
import type { FleetSummary } from '../domain/public-views.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { eventOf, type EventRow } from '../../shared/store/projections/events.js';

/** The event of a slug, as findEventBySlug picks it, for the read queries that start from it. */
const EVENT_BY_SLUG = `SELECT * FROM events WHERE slug = $1 ORDER BY COALESCE(source_updated_at, occurred_at) DESC LIMIT 1`;

/** The change's time (locks.ts transactionTime) when taken, else the wall clock now (under the fleet's lock). */
const CHANGE_TIME = `COALESCE(NULLIF(current_setting('regatta.change_at', true), '')::timestamptz, date_trunc('milliseconds', clock_timestamp()))`;

export interface RaceViewRow {
  raceId: string;
  eventId: string;
  fleetId: string;
  raceNumber: number;
  fleetName: string;
  /** JSON text: {"race": …, "results": […]} */
  body: string;
}

/** Stores the views of every race of the fleet (those of races no longer in it go). */
export async function replaceRaceViews(q: Queryable, fleetId: string, views: readonly RaceViewRow[]): Promise<void> {
  // The history keeps that the removed views stopped being shown (body null), for asOf reads.
  await q.query(
    `WITH gone AS (DELETE FROM race_views WHERE fleet_id = $1 AND NOT (race_id = ANY($2::text[])) RETURNING *)
     INSERT INTO race_view_history (race_id, valid_from, event_id, fleet_id, race_number, fleet_name, body)
       SELECT race_id, ${CHANGE_TIME}, event_id, fleet_id, race_number, fleet_name, NULL FROM gone
     ON CONFLICT (race_id, valid_from) DO UPDATE SET body = NULL`,
    [fleetId, views.map((v) => v.raceId)],
  );
  await upsertRaceViews(q, fleetId, views);
}

/** Stores the views of some races of the fleet, leaving the others as they are. */
export async function upsertRaceViews(q: Queryable, _fleetId: string, views: readonly RaceViewRow[]): Promise<void> {
  if (views.length === 0) return;
  // Each view whose content changes is kept in the history from this transaction's time (asOf reads).
  await q.query(
    `INSERT INTO race_view_history (race_id, valid_from, event_id, fleet_id, race_number, fleet_name, body)
     SELECT n.race_id, ${CHANGE_TIME}, n.event_id, n.fleet_id, n.race_number, n.fleet_name, n.body
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[]) AS n(race_id, event_id, fleet_id, race_number, fleet_name, body)
       LEFT JOIN race_views v ON v.race_id = n.race_id
      WHERE v.race_id IS NULL OR v.body <> n.body OR v.fleet_id <> n.fleet_id OR v.race_number <> n.race_number OR v.fleet_name <> n.fleet_name
     ON CONFLICT (race_id, valid_from) DO UPDATE SET
       event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, race_number = EXCLUDED.race_number, fleet_name = EXCLUDED.fleet_name, body = EXCLUDED.body`,
    [
      views.map((v) => v.raceId),
      views.map((v) => v.eventId),
      views.map((v) => v.fleetId),
      views.map((v) => v.raceNumber),
      views.map((v) => v.fleetName),
      views.map((v) => v.body),
    ],
  );
  await q.query(
    `INSERT INTO race_views (race_id, event_id, fleet_id, race_number, fleet_name, body)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[])
     ON CONFLICT (race_id) DO UPDATE SET
       event_id = EXCLUDED.event_id, fleet_id = EXCLUDED.fleet_id, race_number = EXCLUDED.race_number,
       fleet_name = EXCLUDED.fleet_name, body = EXCLUDED.body`,
    [
      views.map((v) => v.raceId),
      views.map((v) => v.eventId),
      views.map((v) => v.fleetId),
      views.map((v) => v.raceNumber),
      views.map((v) => v.fleetName),
      views.map((v) => v.body),
    ],
  );
}

/** Every race of the event with its stored view (null: not rendered yet). */
export async function eventRaceViews(q: Queryable, eventId: string): Promise<(Omit<RaceViewRow, 'body'> & { body: string | null })[]> {
  const { rows } = await q.query<{ id: string; event_id: string; fleet_id: string; race_number: number; fleet_name: string | null; body: string | null }>(
    `SELECT r.id, r.event_id, r.fleet_id, r.race_number, v.fleet_name, v.body
       FROM races r LEFT JOIN race_views v ON v.race_id = r.id AND v.fleet_id = r.fleet_id
      WHERE r.event_id = $1`,
    [eventId],
  );
  return rows.map((row) => ({ raceId: row.id, eventId: row.event_id, fleetId: row.fleet_id, raceNumber: row.race_number, fleetName: row.fleet_name ?? '', body: row.body }));
}

/** A race of the event with the version of its stored view (etag null: not rendered yet), without its text. */
export interface RaceViewVersion extends Omit<RaceViewRow, 'body'> {
  etag: string | null;
}

/**
 * What GET results is made of, in one round trip and without the views' text: every race of the
 * event with its view's version (computed when the view was stored, migration 013), and the stored
 * summary of each fleet that has a view.
 */
export async function eventResultsVersions(q: Queryable, eventId: string): Promise<{ races: RaceViewVersion[]; summaries: Map<string, FleetSummary> }> {
  const { rows } = await q.query<{ id: string; fleet_id: string; race_number: number | null; fleet_name: string | null; etag: string | null; summary: string | null }>(
    `SELECT r.id, r.fleet_id, r.race_number, v.fleet_name, v.etag, NULL AS summary
       FROM races r LEFT JOIN race_views v ON v.race_id = r.id AND v.fleet_id = r.fleet_id
      WHERE r.event_id = $1
     UNION ALL
     SELECT NULL, fleet_id, NULL, NULL, NULL, summary FROM fleet_views WHERE event_id = $1`,
    [eventId],
  );
  const races: RaceViewVersion[] = [];
  const summaries = new Map<string, FleetSummary>();
  for (const row of rows) {
    if (row.id === null) summaries.set(row.fleet_id, JSON.parse(row.summary ?? 'null') as FleetSummary);
    else races.push({ raceId: row.id, eventId, fleetId: row.fleet_id, raceNumber: row.race_number ?? 0, fleetName: row.fleet_name ?? '', etag: row.etag });
  }
  return { races, summaries };
}

/**
 * The event of a slug with what GET results is made of (as eventResultsVersions), in one round trip:
 * undefined when the projection does not know the slug.
 */
export async function slugResultsVersions(
  q: Queryable,
  slug: string,
): Promise<{ event: EventProjection; races: RaceViewVersion[]; summaries: Map<string, FleetSummary> } | undefined> {
  const { rows } = await q.query<EventRow & { races: [string, string, number, string | null, string | null][] | null; summaries: [string, FleetSummary][] | null }>(
    `SELECT e.*,
       (SELECT json_agg(json_build_array(r.id, r.fleet_id, r.race_number, v.fleet_name, v.etag))
          FROM races r LEFT JOIN race_views v ON v.race_id = r.id AND v.fleet_id = r.fleet_id
         WHERE r.event_id = e.id) AS races,
       (SELECT json_agg(json_build_array(f.fleet_id, f.summary::json)) FROM fleet_views f WHERE f.event_id = e.id) AS summaries
     FROM (${EVENT_BY_SLUG}) e`,
    [slug],
  );
  const row = rows[0];
  if (!row) return undefined;
  const event = eventOf(row);
  return {
    event,
    races: (row.races ?? []).map(([raceId, fleetId, raceNumber, fleetName, etag]) => ({ raceId, eventId: event.id, fleetId, raceNumber, fleetName: fleetName ?? '', etag })),
    summaries: new Map(row.summaries ?? []),
  };
}

/** The stored text and version of the named races' views (those still stored). */
export async function raceViewBodies(q: Queryable, raceIds: readonly string[]): Promise<Map<string, { body: string; etag: string }>> {
  const { rows } = await q.query<{ race_id: string; body: string; etag: string }>(`SELECT race_id, body, etag FROM race_views WHERE race_id = ANY($1::text[])`, [raceIds]);
  return new Map(rows.map((row) => [row.race_id, { body: row.body, etag: row.etag }] as const));
}

export interface FleetViewRow {
  fleetId: string;
  eventId: string;
  summary: FleetSummary;
  /** JSON arrays of standing entries. */
  standings: string;
  standingsWithoutDrops: string;
}

export async function saveFleetView(q: Queryable, view: FleetViewRow): Promise<void> {
  await q.query(
    `INSERT INTO fleet_view_history (fleet_id, valid_from, event_id, summary, standings, standings_without_drops)
     SELECT $1, ${CHANGE_TIME}, $2, $3, $4, $5
      WHERE NOT EXISTS (SELECT 1 FROM fleet_views v WHERE v.fleet_id = $1 AND v.event_id = $2 AND v.summary = $3 AND v.standings = $4 AND v.standings_without_drops = $5)
     ON CONFLICT (fleet_id, valid_from) DO UPDATE SET
       event_id = EXCLUDED.event_id, summary = EXCLUDED.summary, standings = EXCLUDED.standings, standings_without_drops = EXCLUDED.standings_without_drops`,
    [view.fleetId, view.eventId, JSON.stringify(view.summary), view.standings, view.standingsWithoutDrops],
  );
  await q.query(
    `INSERT INTO fleet_views (fleet_id, event_id, summary, standings, standings_without_drops) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (fleet_id) DO UPDATE SET
       event_id = EXCLUDED.event_id, summary = EXCLUDED.summary, standings = EXCLUDED.standings, standings_without_drops = EXCLUDED.standings_without_drops`,
    [view.fleetId, view.eventId, JSON.stringify(view.summary), view.standings, view.standingsWithoutDrops],
  );
}

/** Every fleet of the event (in listFleets order) with its stored view (null: not rendered yet). */
export async function eventFleetViews(q: Queryable, eventId: string): Promise<{ fleetId: string; name: string; view: Omit<FleetViewRow, 'fleetId' | 'eventId'> | null }[]> {
  const { rows } = await q.query<{ id: string; name: string; summary: string | null; standings: string | null; standings_without_drops: string | null }>(
    `SELECT f.id, f.name, v.summary, v.standings, v.standings_without_drops
       FROM fleets f LEFT JOIN fleet_views v ON v.fleet_id = f.id AND v.event_id = f.event_id
      WHERE f.event_id = $1
      ORDER BY f.created_at NULLS LAST, f.name, f.id`,
    [eventId],
  );
  return rows.map((row) => ({
    fleetId: row.id,
    name: row.name,
    view: row.summary && row.standings !== null && row.standings_without_drops !== null ? { summary: JSON.parse(row.summary) as FleetSummary, standings: row.standings, standingsWithoutDrops: row.standings_without_drops } : null,
  }));
}

/** A fleet of the event (in listFleets order) with the version of its stored view (null: not rendered yet). */
export interface FleetViewVersion {
  fleetId: string;
  name: string;
  etag: string | null;
}

/** What GET standings is made of, without the views' text: the event's fleets and their views' versions. */
export async function eventFleetVersions(q: Queryable, eventId: string): Promise<FleetViewVersion[]> {
  const { rows } = await q.query<{ id: string; name: string; etag: string | null }>(
    `SELECT f.id, f.name, v.etag
       FROM fleets f LEFT JOIN fleet_views v ON v.fleet_id = f.id AND v.event_id = f.event_id
      WHERE f.event_id = $1
      ORDER BY f.created_at NULLS LAST, f.name, f.id`,
    [eventId],
  );
  return rows.map((row) => ({ fleetId: row.id, name: row.name, etag: row.etag }));
}

/**
 * The event of a slug with what GET standings is made of (as eventFleetVersions), in one round trip:
 * undefined when the projection does not know the slug.
 */
export async function slugFleetVersions(q: Queryable, slug: string): Promise<{ event: EventProjection; fleets: FleetViewVersion[] } | undefined> {
  const { rows } = await q.query<EventRow & { fleets: [string, string, string | null][] | null }>(
    `SELECT e.*,
       (SELECT json_agg(json_build_array(f.id, f.name, v.etag) ORDER BY f.created_at NULLS LAST, f.name, f.id)
          FROM fleets f LEFT JOIN fleet_views v ON v.fleet_id = f.id AND v.event_id = f.event_id
         WHERE f.event_id = e.id) AS fleets
     FROM (${EVENT_BY_SLUG}) e`,
    [slug],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { event: eventOf(row), fleets: (row.fleets ?? []).map(([fleetId, name, etag]) => ({ fleetId, name, etag })) };
}

/** The stored summary, one of the standings (with or without drops) and the version of the named fleets' views. */
export async function fleetViewBodies(
  q: Queryable,
  fleetIds: readonly string[],
  includeDrops: boolean,
): Promise<Map<string, { summary: FleetSummary; standings: string; etag: string }>> {
  const { rows } = await q.query<{ fleet_id: string; summary: string; standings: string; etag: string }>(
    `SELECT fleet_id, summary, ${includeDrops ? 'standings' : 'standings_without_drops'} AS standings, etag FROM fleet_views WHERE fleet_id = ANY($1::text[])`,
    [fleetIds],
  );
  return new Map(rows.map((row) => [row.fleet_id, { summary: JSON.parse(row.summary) as FleetSummary, standings: row.standings, etag: row.etag }] as const));
}

export interface SeriesViewRow {
  seriesId: string;
  eventIds: string[];
  inputs: string;
  /** JSON text of the series object, the events list and the standings (with and without dropped cells). */
  series: string;
  events: string;
  standings: string;
  standingsWithoutDrops: string;
}

export async function saveSeriesView(q: Queryable, view: SeriesViewRow): Promise<void> {
  await q.query(
    `INSERT INTO series_views (series_id, event_ids, inputs, series, events, standings, standings_without_drops) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (series_id) DO UPDATE SET
       event_ids = EXCLUDED.event_ids, inputs = EXCLUDED.inputs, series = EXCLUDED.series, events = EXCLUDED.events,
       standings = EXCLUDED.standings, standings_without_drops = EXCLUDED.standings_without_drops`,
    [view.seriesId, view.eventIds, view.inputs, view.series, view.events, view.standings, view.standingsWithoutDrops],
  );
}

export async function findSeriesView(q: Queryable, seriesId: string): Promise<SeriesViewRow | undefined> {
  const { rows } = await q.query<{ series_id: string; event_ids: string[]; inputs: string; series: string; events: string; standings: string; standings_without_drops: string }>(
    `SELECT * FROM series_views WHERE series_id = $1`,
    [seriesId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { seriesId: row.series_id, eventIds: row.event_ids, inputs: row.inputs, series: row.series, events: row.events, standings: row.standings, standingsWithoutDrops: row.standings_without_drops };
}

/**
 * A fingerprint of what a series view is computed from: every stored fleet standings of the events
 * (its computation time changes with every recompute) and the fleet's name. Read before the inputs
 * when rendering, so a change committed in between makes the next read render again.
 */
export async function seriesInputs(q: Queryable, eventIds: readonly string[]): Promise<string> {
  const { rows } = await q.query<{ inputs: string }>(`SELECT ${seriesInputsOf('$1::text[]')} AS inputs`, [eventIds]);
  return rows[0]?.inputs ?? '';
}

/** The SQL expression of seriesInputs over an array of event ids (an SQL expression), '' when none. */
export function seriesInputsOf(eventIds: string): string {
  return `COALESCE((SELECT string_agg(s.fleet_id || '@' || s.computed_at::text || '@' || COALESCE(f.name, ''), ',' ORDER BY s.fleet_id)
       FROM fleet_standings s LEFT JOIN fleets f ON f.id = s.fleet_id
      WHERE s.event_id = ANY(${eventIds})), '')`;
}

/** The stored summary of each fleet of the event that has a view (GET results shows their status). */
export async function eventFleetSummaries(q: Queryable, eventId: string): Promise<Map<string, FleetSummary>> {
  const { rows } = await q.query<{ fleet_id: string; summary: string }>(`SELECT fleet_id, summary FROM fleet_views WHERE event_id = $1`, [eventId]);
  return new Map(rows.map((row) => [row.fleet_id, JSON.parse(row.summary) as FleetSummary] as const));
}
