/**
 * results.v1's protest room → the notice board's cases (one row per case), and the names of the boats
 * and races they refer to. Each write answers the case as it now stands, or undefined when the fact
 * was older than what is kept (a replay): then nothing changed and nothing is announced.
 */
import type { PoolClient } from '@regatta/db';
import type { CaseDecision, CaseHearing, CaseLodging, CaseRecord, CaseWithdrawal, KnownBoat } from '../../domain/notice-board.js';

type CaseRow = { lodging: CaseLodging; hearing: CaseHearing | null; decision: CaseDecision | null; withdrawal: CaseWithdrawal | null };
const RETURNING = 'RETURNING lodging, hearing, decision, withdrawal';
const record = (row: CaseRow | undefined): CaseRecord | undefined => (row ? { ...row.lodging, hearing: row.hearing, decision: row.decision, withdrawal: row.withdrawal } : undefined);

/** protest.lodged: the lodging replaces whatever a hearing or decision fact said of it. */
export async function saveLodging(client: PoolClient, eventId: string, lodging: CaseLodging): Promise<CaseRecord | undefined> {
  const { rows } = await client.query<CaseRow>(
    `INSERT INTO protest_cases (id, event_id, number, lodging) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET number = EXCLUDED.number, lodging = EXCLUDED.lodging, updated_at = now() ${RETURNING}`,
    [lodging.protestId, eventId, lodging.number, JSON.stringify(lodging)],
  );
  return record(rows[0]);
}

/** hearing.scheduled: set or moved; an older scheduling never replaces a newer one. */
export async function saveHearing(client: PoolClient, eventId: string, fallback: CaseLodging, hearing: CaseHearing): Promise<CaseRecord | undefined> {
  const { rows } = await client.query<CaseRow>(
    `INSERT INTO protest_cases (id, event_id, number, lodging, hearing) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET hearing = EXCLUDED.hearing, updated_at = now()
     WHERE protest_cases.hearing IS NULL OR protest_cases.hearing->>'scheduledAt' <= EXCLUDED.hearing->>'scheduledAt' ${RETURNING}`,
    [fallback.protestId, eventId, fallback.number, JSON.stringify(fallback), JSON.stringify(hearing)],
  );
  return record(rows[0]);
}

/** decision.published: the decision (a reopened case's later decision replaces the earlier one). */
export async function saveDecision(client: PoolClient, eventId: string, fallback: CaseLodging, decision: CaseDecision): Promise<CaseRecord | undefined> {
  const { rows } = await client.query<CaseRow>(
    `INSERT INTO protest_cases (id, event_id, number, lodging, decision) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET decision = EXCLUDED.decision, updated_at = now()
     WHERE protest_cases.decision IS NULL OR coalesce(protest_cases.decision->>'decidedAt', '') <= coalesce(EXCLUDED.decision->>'decidedAt', '') ${RETURNING}`,
    [fallback.protestId, eventId, fallback.number, JSON.stringify(fallback), JSON.stringify(decision)],
  );
  return record(rows[0]);
}

/** protest.withdrawn: the case is closed (a replay changes nothing). */
export async function saveWithdrawal(client: PoolClient, eventId: string, fallback: CaseLodging, withdrawal: CaseWithdrawal): Promise<CaseRecord | undefined> {
  const { rows } = await client.query<CaseRow>(
    `INSERT INTO protest_cases (id, event_id, number, lodging, withdrawal) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET withdrawal = EXCLUDED.withdrawal, updated_at = now()
     WHERE protest_cases.withdrawal IS NULL ${RETURNING}`,
    [fallback.protestId, eventId, fallback.number, JSON.stringify(fallback), JSON.stringify(withdrawal)],
  );
  return record(rows[0]);
}

export interface CaseNames {
  races: Array<{ id: string; raceNumber: number; fleetId: string }>;
  fleets: Array<{ id: string; name: string }>;
  /** Registrations' names first, then those of the regatta's results. */
  boats: KnownBoat[];
}

/** The names a case needs, in one round trip: the regatta's races and fleets, and the given boats. */
export async function caseNames(client: PoolClient, eventId: string, boatIds: string[]): Promise<CaseNames> {
  const { rows } = await client.query<{ names: CaseNames }>(
    `SELECT json_build_object(
       'races', coalesce((SELECT json_agg(json_build_object('id', r.id, 'raceNumber', r.race_number, 'fleetId', r.fleet_id)) FROM races r WHERE r.event_id = $1), '[]'),
       'fleets', coalesce((SELECT json_agg(json_build_object('id', f.id, 'name', f.name)) FROM fleets f WHERE f.event_id = $1), '[]'),
       'boats', coalesce((SELECT json_agg(json_build_object('id', k.id, 'sailNumber', k.sail_number, 'boatName', k.name) ORDER BY k.rank) FROM (
           SELECT b.id, b.sail_number, b.name, 0 AS rank FROM boats b WHERE b.event_id = $1 AND b.id = ANY($2::text[])
           UNION ALL
           SELECT r->>'boatId', r->>'sailNumber', r->>'boatName', 1 FROM race_results x CROSS JOIN jsonb_array_elements(x.data->'results') r
            WHERE x.event_id = $1 AND r->>'boatId' = ANY($2::text[])) k), '[]')
     ) AS names`,
    [eventId, boatIds],
  );
  return rows[0]?.names ?? { races: [], fleets: [], boats: [] };
}
