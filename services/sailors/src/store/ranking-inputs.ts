/**
 * What a ranking is computed from: the final standings of an organization's regattas (standings.updated,
 * keyed by the boat's user: the sailor), the overall standings of their split series
 * (split.standings.updated), the fleets' classes, and the organization's sailor records.
 */
import type { Queryable } from '@regatta/db';
import type { RankingResultInput } from '../domain/rankings/compute.js';
import { withSplitStandings, type SplitOverall } from '../domain/rankings/split-results.js';
import type { Gender, SailorAttributes } from '../domain/rankings/filters.js';

interface ResultSqlRow {
  sailor_id: string;
  sailor_name: string | null;
  event_id: string;
  slug: string;
  name: string;
  start_date: Date | null;
  end_date: Date | null;
  fleet_id: string;
  fleet_name: string | null;
  class_id: string | null;
  place: number;
  fleet_size: number;
}

const REGATTAS_IN_WINDOW = `g.organization_id = $1 AND g.status NOT IN ('draft', 'cancelled', 'deleted') AND coalesce(g.end_date, g.start_date) >= $2`;

const inputOf = (row: ResultSqlRow): RankingResultInput => ({
  sailorId: row.sailor_id,
  sailorName: row.sailor_name,
  eventId: row.event_id,
  eventSlug: row.slug,
  eventName: row.name,
  startDate: row.start_date,
  endDate: row.end_date,
  fleetId: row.fleet_id,
  fleetName: row.fleet_name,
  classId: row.class_id,
  place: row.place,
  fleetSize: row.fleet_size,
});

/**
 * Results of the organization's regattas (not drafts, not cancelled) dated on or after `from`: the
 * fleets' standings, those of a split series replaced by its overall standings once it is split
 * (domain/rankings/split-results.ts).
 */
export async function rankingResults(db: Queryable, organizationId: string, from: Date): Promise<RankingResultInput[]> {
  const [standings, splits] = await Promise.all([fleetStandingResults(db, organizationId, from), splitOverallResults(db, organizationId, from)]);
  return withSplitStandings(standings, splits);
}

async function fleetStandingResults(db: Queryable, organizationId: string, from: Date): Promise<RankingResultInput[]> {
  const result = await db.query<ResultSqlRow>(
    `SELECT s.user_id AS sailor_id, coalesce(p.name, s.sailor_name) AS sailor_name, g.id AS event_id, g.slug, g.name,
       g.start_date, g.end_date, s.fleet_id, coalesce(f.name, s.fleet_name) AS fleet_name, f.class_id, s.position AS place,
       CASE WHEN s.boats_in_fleet > 0 THEN s.boats_in_fleet
            ELSE (SELECT count(*)::int FROM standings c WHERE c.event_id = s.event_id AND c.fleet_id = s.fleet_id) END AS fleet_size
     FROM regattas g
     JOIN standings s ON s.event_id = g.id
     LEFT JOIN fleets f ON f.id = s.fleet_id
     LEFT JOIN sailors p ON p.id = s.user_id
     WHERE ${REGATTAS_IN_WINDOW} AND s.user_id IS NOT NULL`,
    [organizationId, from],
  );
  return result.rows.map(inputOf);
}

/** The split series of the same regattas with their overall standings (place = overall rank, N = boats in the series). */
async function splitOverallResults(db: Queryable, organizationId: string, from: Date): Promise<SplitOverall[]> {
  const [series, rows] = await Promise.all([
    db.query<{ event_id: string; fleet_ids: string[]; stage: string }>(
      `SELECT sp.event_id, array_remove(sp.qualifying_fleet_ids || sp.final_fleet_ids || sp.medal_fleet_id, NULL)::text[] AS fleet_ids, sp.stage
       FROM regattas g JOIN split_series sp ON sp.event_id = g.id
       WHERE ${REGATTAS_IN_WINDOW}`,
      [organizationId, from],
    ),
    db.query<ResultSqlRow>(
      `SELECT ss.user_id AS sailor_id, coalesce(p.name, ss.sailor_name) AS sailor_name, g.id AS event_id, g.slug, g.name,
         g.start_date, g.end_date, q.fleet_id, f.name AS fleet_name, f.class_id, ss.rank AS place, sp.boats_in_split AS fleet_size
       FROM regattas g
       JOIN split_series sp ON sp.event_id = g.id
       JOIN split_standings ss ON ss.event_id = sp.event_id
       CROSS JOIN LATERAL (SELECT coalesce(ss.qualifying_fleet_id, sp.qualifying_fleet_ids[1]) AS fleet_id) q
       LEFT JOIN fleets f ON f.id = q.fleet_id
       LEFT JOIN sailors p ON p.id = ss.user_id
       WHERE ${REGATTAS_IN_WINDOW} AND ss.user_id IS NOT NULL AND q.fleet_id IS NOT NULL`,
      [organizationId, from],
    ),
  ]);
  const results = new Map<string, RankingResultInput[]>();
  for (const row of rows.rows) results.set(row.event_id, [...(results.get(row.event_id) ?? []), inputOf(row)]);
  return series.rows.map((row) => ({
    eventId: row.event_id,
    fleetIds: row.fleet_ids,
    split: row.stage === 'final' || row.stage === 'medal',
    results: results.get(row.event_id) ?? [],
  }));
}

export async function sailorRecords(db: Queryable, organizationId: string): Promise<Map<string, SailorAttributes>> {
  const result = await db.query<{ sailor_id: string; nationality: string | null; gender: Gender | null; birth_year: number | null }>(
    `SELECT sailor_id, nationality, gender, birth_year FROM sailor_records WHERE organization_id = $1`,
    [organizationId],
  );
  return new Map(result.rows.map((row) => [row.sailor_id, { nationality: row.nationality, gender: row.gender, birthYear: row.birth_year }]));
}

export async function upsertSailorRecord(db: Queryable, organizationId: string, sailorId: string, record: SailorAttributes): Promise<void> {
  await db.query(
    `INSERT INTO sailor_records (organization_id, sailor_id, nationality, gender, birth_year) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (organization_id, sailor_id) DO UPDATE SET nationality = EXCLUDED.nationality, gender = EXCLUDED.gender,
       birth_year = EXCLUDED.birth_year, updated_at = now()`,
    [organizationId, sailorId, record.nationality, record.gender, record.birthYear],
  );
}

/** The organization's regatta with this slug (factors name regattas by slug). */
export async function regattaOfOrganization(db: Queryable, organizationId: string, slug: string): Promise<{ id: string; slug: string; name: string } | undefined> {
  const result = await db.query<{ id: string; slug: string; name: string }>(
    // A deleted regatta's slug may be taken again: the live one, the newest when several are live.
    `SELECT id, slug, name FROM regattas WHERE organization_id = $1 AND slug = $2 AND status <> 'deleted'
      ORDER BY start_date DESC NULLS LAST, id LIMIT 1`,
    [organizationId, slug.toLowerCase()],
  );
  return result.rows[0];
}
