/** results.v1 → race progress, race results, publication, fleet standings and series standings. */
import type { PoolClient } from '@regatta/db';
import type { PublicRace, PublicRaceResults, PublicStandings } from '../../domain/model.js';
import { notify } from './changes.js';

export interface RaceProgress {
  raceId: string;
  fleetId: string;
  raceNumber: number;
  raceName?: string;
  status: string;
  actualStart: string | null;
  finishedAt?: string | null;
}

/** Progress from results.v1; creates a placeholder race when race.scheduled has not arrived yet. */
export async function recordRaceProgress(client: PoolClient, eventId: string, progress: RaceProgress): Promise<void> {
  const patch: Record<string, unknown> = { status: progress.status };
  if (progress.actualStart) patch['actualStart'] = progress.actualStart;
  if (progress.finishedAt) patch['finishedAt'] = progress.finishedAt;
  const placeholder: PublicRace = {
    id: progress.raceId,
    fleetId: progress.fleetId,
    name: progress.raceName ?? `Race ${progress.raceNumber}`,
    raceNumber: progress.raceNumber,
    scheduledStart: null,
    status: progress.status,
    actualStart: progress.actualStart,
    finishedAt: progress.finishedAt ?? null,
    courseDescription: null,
    courseDistanceNm: null,
  };
  await client.query(
    `INSERT INTO races (id, event_id, fleet_id, race_number, data)
     SELECT $1::uuid, $2::uuid, $3::uuid, $4::integer, $5::jsonb WHERE NOT EXISTS (SELECT 1 FROM deleted_races WHERE race_id = $1::uuid)
     ON CONFLICT (id) DO UPDATE SET data = races.data || $6::jsonb`,
    [progress.raceId, eventId, progress.fleetId, progress.raceNumber, JSON.stringify(placeholder), JSON.stringify(patch)],
  );
}

export async function upsertRaceResults(client: PoolClient, eventId: string, results: PublicRaceResults, at: Date): Promise<void> {
  await client.query(
    `INSERT INTO race_results (race_id, event_id, fleet_id, published, data, updated_at)
     SELECT $1::uuid, $2::uuid, $3::uuid, $4::boolean, $5::jsonb, $6::timestamptz WHERE NOT EXISTS (SELECT 1 FROM deleted_races WHERE race_id = $1::uuid)
     ON CONFLICT (race_id) DO UPDATE SET fleet_id = EXCLUDED.fleet_id, published = EXCLUDED.published, data = EXCLUDED.data, updated_at = EXCLUDED.updated_at
     WHERE race_results.updated_at <= EXCLUDED.updated_at`,
    [results.raceId, eventId, results.fleetId, results.published, JSON.stringify(results), at],
  );
  await recordRaceProgress(client, eventId, {
    raceId: results.raceId,
    fleetId: results.fleetId,
    raceNumber: results.raceNumber,
    raceName: results.raceName,
    status: results.raceStatus,
    actualStart: results.actualStart,
  });
}

/** The races' results made official (results.published; the column keeps its first name). */
export async function markOfficial(client: PoolClient, raceIds: string[], at: Date): Promise<void> {
  if (raceIds.length === 0) return;
  await client.query(
    `UPDATE race_results SET published = true, data = jsonb_set(data, '{published}', 'true'), updated_at = greatest(updated_at, $2)
     WHERE race_id = ANY($1::uuid[])`,
    [raceIds, at],
  );
}

export async function upsertStandings(client: PoolClient, eventId: string, standings: PublicStandings, at: Date): Promise<void> {
  await client.query(
    `INSERT INTO standings (fleet_id, event_id, data, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (fleet_id) DO UPDATE SET data = EXCLUDED.data, updated_at = EXCLUDED.updated_at
     WHERE standings.updated_at <= EXCLUDED.updated_at`,
    [standings.fleetId, eventId, JSON.stringify(standings), at],
  );
}

export async function saveSeriesStandings(client: PoolClient, series: { id: string; organizationId: string; slug: string; data: unknown; standings: unknown }): Promise<void> {
  await client.query(
    `INSERT INTO series (id, organization_id, slug, data, standings) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, data = EXCLUDED.data, standings = EXCLUDED.standings, updated_at = now()`,
    [series.id, series.organizationId, series.slug, JSON.stringify(series.data), JSON.stringify(series.standings)],
  );
  await notify(client, `s:${series.id}`);
}
