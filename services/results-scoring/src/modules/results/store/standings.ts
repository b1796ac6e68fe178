/** Each fleet's standings snapshot (what GET standings, the series and standings.updated are built from). */
import type { Queryable } from '@regatta/db';
import type { FleetScore, StandingEntrySnapshot } from '../../shared/domain/fleet-scoring.js';
import type { StoredStandings } from '../../shared/domain/records.js';

export async function saveStandings(client: Queryable, eventId: string, fleetId: string, score: FleetScore): Promise<void> {
  await client.query(
    `INSERT INTO fleet_standings (fleet_id, event_id, scoring_system, drops, applied_drops, races_completed, entries, computed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (fleet_id) DO UPDATE SET
       event_id = EXCLUDED.event_id, scoring_system = EXCLUDED.scoring_system, drops = EXCLUDED.drops, applied_drops = EXCLUDED.applied_drops,
       races_completed = EXCLUDED.races_completed, entries = EXCLUDED.entries, computed_at = now()`,
    [fleetId, eventId, score.scoringSystem, score.drops, score.appliedDrops, score.racesCompleted, JSON.stringify(score.standings)],
  );
}

export async function eventStandings(q: Queryable, eventIds: string[]): Promise<StoredStandings[]> {
  if (eventIds.length === 0) return [];
  return standingsWhere(q, `event_id = ANY($1::text[])`, [eventIds]);
}

export async function fleetStandings(q: Queryable, fleetId: string): Promise<StoredStandings | undefined> {
  return (await standingsWhere(q, `fleet_id = $1`, [fleetId]))[0];
}

async function standingsWhere(q: Queryable, where: string, params: unknown[]): Promise<StoredStandings[]> {
  const { rows } = await q.query<{
    fleet_id: string;
    event_id: string;
    scoring_system: string;
    drops: number;
    applied_drops: number;
    races_completed: number;
    entries: StandingEntrySnapshot[];
    computed_at: Date;
  }>(`SELECT * FROM fleet_standings WHERE ${where}`, params);
  return rows.map((row) => ({
    fleetId: row.fleet_id,
    eventId: row.event_id,
    scoringSystem: row.scoring_system,
    drops: row.drops,
    appliedDrops: row.applied_drops,
    racesCompleted: row.races_completed,
    entries: row.entries,
    computedAt: row.computed_at,
  }));
}
