/**
 * Writes of the public read model, inside the consumer's transaction. Every change is announced with
 * NOTIFY (transactional: sent at commit), so every replica drops its cached pages and pushes new live
 * messages at once.
 */
import type { PoolClient } from '@regatta/db';
import { LIVE_HISTORY, type LiveMessageType } from '../domain/live-messages.js';
import type {
  PublicDocument,
  PublicEntry,
  PublicEvent,
  PublicFleet,
  PublicOrganization,
  PublicRace,
  PublicRaceResults,
  PublicStandings,
} from '../domain/model.js';

/** The NOTIFY channel: payload "e:<eventId>", "c" (catalog) or "s:<seriesId>". */
export const CHANGES_CHANNEL = 'public_results_changes';

async function notify(client: PoolClient, payload: string): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
}

/** The listing pages (/regattas, /clubs/...) changed. */
const catalogChanged = (client: PoolClient) => notify(client, 'c');

/** Makes sure a row exists for a regatta whose event.created may not have arrived yet. */
async function ensureEvent(client: PoolClient, eventId: string): Promise<void> {
  await client.query('INSERT INTO events (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [eventId]);
}

/** A change of the regatta's pages without a live message. */
export async function touchEvent(client: PoolClient, eventId: string): Promise<void> {
  await notify(client, `e:${eventId}`);
}

/** A change spectators are told about: numbered in the regatta's feed and kept for reconnecting clients. */
export async function appendLive(client: PoolClient, eventId: string, type: LiveMessageType, data: unknown): Promise<number> {
  await ensureEvent(client, eventId);
  const { rows } = await client.query<{ live_seq: string }>(
    'UPDATE events SET live_seq = live_seq + 1 WHERE id = $1 RETURNING live_seq',
    [eventId],
  );
  const seq = Number(rows[0]!.live_seq);
  await client.query('INSERT INTO live_messages (event_id, seq, type, data) VALUES ($1, $2, $3, $4)', [eventId, seq, type, JSON.stringify(data)]);
  if (seq % 50 === 0) await client.query('DELETE FROM live_messages WHERE event_id = $1 AND seq <= $2', [eventId, seq - LIVE_HISTORY]);
  await notify(client, `e:${eventId}`);
  return seq;
}

export async function upsertOrganization(client: PoolClient, org: PublicOrganization): Promise<void> {
  await client.query(
    `INSERT INTO organizations (id, slug, name, data, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, data = EXCLUDED.data, updated_at = now()`,
    [org.id, org.slug, org.name, JSON.stringify(org)],
  );
  await catalogChanged(client);
}

/** Keeps the newest snapshot (facts may be replayed). */
export async function upsertEvent(client: PoolClient, event: PublicEvent, sourceUpdatedAt: Date | null): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO events (id, organization_id, slug, name, status, start_date, end_date, data, source_updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE SET organization_id = EXCLUDED.organization_id, slug = EXCLUDED.slug, name = EXCLUDED.name,
       status = EXCLUDED.status, start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, data = EXCLUDED.data,
       source_updated_at = EXCLUDED.source_updated_at
     WHERE events.source_updated_at IS NULL OR EXCLUDED.source_updated_at IS NULL OR events.source_updated_at <= EXCLUDED.source_updated_at`,
    [event.id, event.organization?.id ?? null, event.slug, event.name, event.status, event.startDate, event.endDate, JSON.stringify(event), sourceUpdatedAt],
  );
  if (!rowCount) return false;
  await touchEvent(client, event.id);
  await catalogChanged(client);
  return true;
}

export async function upsertFleet(client: PoolClient, eventId: string, fleet: PublicFleet): Promise<void> {
  await client.query(
    `INSERT INTO fleets (id, event_id, name, data) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, data = EXCLUDED.data`,
    [fleet.id, eventId, fleet.name, JSON.stringify(fleet)],
  );
  await touchEvent(client, eventId);
}

/** The scheduled race; progress already recorded from results.v1 (start, finish, status) is kept. */
export async function upsertRace(client: PoolClient, eventId: string, race: PublicRace): Promise<void> {
  await client.query(
    `INSERT INTO races (id, event_id, fleet_id, race_number, data) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET fleet_id = EXCLUDED.fleet_id, race_number = EXCLUDED.race_number,
       data = EXCLUDED.data || jsonb_strip_nulls(jsonb_build_object(
         'actualStart', races.data->'actualStart', 'finishedAt', races.data->'finishedAt',
         'status', CASE WHEN races.data->>'status' IN ('started', 'finished', 'abandoned') THEN races.data->'status' END))`,
    [race.id, eventId, race.fleetId, race.raceNumber, JSON.stringify(race)],
  );
  await touchEvent(client, eventId);
}

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
    `INSERT INTO races (id, event_id, fleet_id, race_number, data) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET data = races.data || $6::jsonb`,
    [progress.raceId, eventId, progress.fleetId, progress.raceNumber, JSON.stringify(placeholder), JSON.stringify(patch)],
  );
}

export async function upsertDocument(client: PoolClient, eventId: string, document: PublicDocument): Promise<void> {
  await client.query(
    `INSERT INTO documents (id, event_id, data) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
    [document.id, eventId, JSON.stringify(document)],
  );
  await touchEvent(client, eventId);
}

/** Keeps the newest snapshot; answers whether it was applied. */
export async function upsertEntry(client: PoolClient, eventId: string, entry: PublicEntry, updatedAt: Date): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO registrations (id, event_id, fleet_id, status, data, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO UPDATE SET fleet_id = EXCLUDED.fleet_id, status = EXCLUDED.status, data = EXCLUDED.data, updated_at = EXCLUDED.updated_at
     WHERE registrations.updated_at <= EXCLUDED.updated_at`,
    [entry.id, eventId, entry.fleetId, entry.status, JSON.stringify(entry), updatedAt],
  );
  return (rowCount ?? 0) > 0;
}

export async function upsertRaceResults(client: PoolClient, eventId: string, results: PublicRaceResults, at: Date): Promise<void> {
  await client.query(
    `INSERT INTO race_results (race_id, event_id, fleet_id, published, data, updated_at) VALUES ($1, $2, $3, $4, $5, $6)
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

export async function markPublished(client: PoolClient, raceIds: string[], at: Date): Promise<void> {
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

export async function upsertSeries(client: PoolClient, series: { id: string; organizationId: string; slug: string; data: unknown }): Promise<void> {
  await client.query(
    `INSERT INTO series (id, organization_id, slug, data) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, data = EXCLUDED.data, updated_at = now()`,
    [series.id, series.organizationId, series.slug, JSON.stringify(series.data)],
  );
  await notify(client, `s:${series.id}`);
}

export async function saveSeriesStandings(client: PoolClient, series: { id: string; organizationId: string; slug: string; data: unknown; standings: unknown }): Promise<void> {
  await client.query(
    `INSERT INTO series (id, organization_id, slug, data, standings) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, data = EXCLUDED.data, standings = EXCLUDED.standings, updated_at = now()`,
    [series.id, series.organizationId, series.slug, JSON.stringify(series.data), JSON.stringify(series.standings)],
  );
  await notify(client, `s:${series.id}`);
}
