/** events.v1 → regattas, fleets, races, notice-board documents and series definitions. */
import type { PoolClient } from '@regatta/db';
import type { PublicDocument, PublicEvent, PublicFleet, PublicRace } from '../../domain/model.js';
import { catalogChanged, notify, touchEvent } from './changes.js';

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

export async function upsertDocument(client: PoolClient, eventId: string, document: PublicDocument): Promise<void> {
  await client.query(
    `INSERT INTO documents (id, event_id, data) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
    [document.id, eventId, JSON.stringify(document)],
  );
  await touchEvent(client, eventId);
}

export async function upsertSeries(client: PoolClient, series: { id: string; organizationId: string; slug: string; data: unknown }): Promise<void> {
  await client.query(
    `INSERT INTO series (id, organization_id, slug, data) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, data = EXCLUDED.data, updated_at = now()`,
    [series.id, series.organizationId, series.slug, JSON.stringify(series.data)],
  );
  await notify(client, `s:${series.id}`);
}
