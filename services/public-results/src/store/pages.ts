/** Reads of the public read model. Only public regattas are ever returned to the pages. */
import type { Queryable } from '@regatta/db';
import { PUBLIC_EVENT_STATUSES } from '../domain/visibility.js';
import type { EventPartsInput } from '../domain/parts.js';
import type { EventHead, PublicEvent, PublicOrganization } from '../domain/model.js';

const headColumns = 'id, slug, status, organization_id, live_seq';
type HeadRow = { id: string; slug: string; status: string; organization_id: string | null; live_seq: string };
const head = (row: HeadRow): EventHead => ({
  id: row.id,
  slug: row.slug,
  status: row.status,
  organizationId: row.organization_id,
  liveSeq: Number(row.live_seq),
});

export async function eventHeadBySlug(db: Queryable, slug: string): Promise<EventHead | undefined> {
  const { rows } = await db.query<HeadRow>(`SELECT ${headColumns} FROM events WHERE slug = $1`, [slug]);
  return rows[0] ? head(rows[0]) : undefined;
}

export type EventParts = EventPartsInput;

/** A case is on the public notice board once it has a hearing or a decision (domain/notice-board.ts onNoticeBoard). */
const ON_BOARD = '(c.hearing IS NOT NULL OR c.decision IS NOT NULL)';

// Entries in the events service's order (a fleet's waitlist in the order its places are offered: a
// move onto a waitlist goes to its back); rows projected before the facts carried it come first, by entry time.
const PARTS = `
       'event', e.data,
       'organization', (SELECT o.data FROM organizations o WHERE o.id = e.organization_id),
       'fleets', coalesce((SELECT json_agg(f.data ORDER BY f.name, f.id) FROM fleets f WHERE f.event_id = e.id), '[]'),
       'races', coalesce((SELECT json_agg(r.data ORDER BY r.race_number, r.data->>'scheduledStart', r.id) FROM races r WHERE r.event_id = e.id), '[]'),
       'documents', coalesce((SELECT json_agg(d.data ORDER BY d.data->>'publishedAt' DESC NULLS LAST, d.id) FROM documents d WHERE d.event_id = e.id), '[]'),
       'entries', coalesce((SELECT json_agg(g.data ORDER BY g.entry_order NULLS FIRST, g.data->>'registeredAt', g.id) FROM registrations g WHERE g.event_id = e.id), '[]'),
       'results', coalesce((SELECT json_agg(x.data || jsonb_build_object('updatedAt', x.updated_at) ORDER BY (x.data->>'raceNumber')::int, x.race_id) FROM race_results x WHERE x.event_id = e.id), '[]'),
       'standings', coalesce((SELECT json_agg(s.data || jsonb_build_object('updatedAt', s.updated_at)) FROM standings s WHERE s.event_id = e.id), '[]')`;

const NOTICE_BOARD = `,
       'cases', coalesce((SELECT json_agg(c.lodging || jsonb_build_object('hearing', c.hearing, 'decision', c.decision, 'withdrawal', c.withdrawal) ORDER BY c.number, c.id) FROM protest_cases c WHERE c.event_id = e.id AND ${ON_BOARD}), '[]'),
       'boats', coalesce((SELECT json_agg(json_build_object('id', b.id, 'sailNumber', b.sail_number, 'boatName', b.name)) FROM boats b
                          WHERE b.event_id = e.id AND EXISTS (SELECT 1 FROM protest_cases c WHERE c.event_id = e.id AND ${ON_BOARD})), '[]')`;

const partsQuery = (noticeBoard: boolean) =>
  `SELECT json_build_object(${PARTS}${noticeBoard ? NOTICE_BOARD : `, 'cases', '[]'::json, 'boats', '[]'::json`}) AS parts
   FROM events e WHERE e.id = $1 AND e.data IS NOT NULL`;
const WITH_NOTICE_BOARD = partsQuery(true);
const WITHOUT_NOTICE_BOARD = partsQuery(false);

/**
 * Everything public about one regatta in one round trip (one query, JSON aggregated by PostgreSQL).
 * Only the overview shows the notice board's cases; the other tabs skip those two subqueries (side by
 * side on a regatta with two public cases they took the query from 0.84 to 1.14 ms at the median).
 */
export async function eventParts(db: Queryable, eventId: string, options: { noticeBoard: boolean }): Promise<EventParts | undefined> {
  const { rows } = await db.query<{ parts: EventParts | null }>(options.noticeBoard ? WITH_NOTICE_BOARD : WITHOUT_NOTICE_BOARD, [eventId]);
  return rows[0]?.parts ?? undefined;
}

export interface ListFilter {
  q?: string | undefined;
  organizationId?: string | undefined;
  limit: number;
}

/** Public regattas, newest start first; `q` matches name, venue or club name. */
export async function listPublicEvents(db: Queryable, filter: ListFilter): Promise<PublicEvent[]> {
  const params: unknown[] = [PUBLIC_EVENT_STATUSES];
  const where = ['e.status = ANY($1::text[])', 'e.data IS NOT NULL'];
  if (filter.q) {
    params.push(`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(e.name ILIKE $${params.length} OR e.data->>'venue' ILIKE $${params.length} OR o.name ILIKE $${params.length} OR e.data->'organization'->>'name' ILIKE $${params.length})`);
  }
  if (filter.organizationId) {
    params.push(filter.organizationId);
    where.push(`e.organization_id = $${params.length}`);
  }
  params.push(filter.limit);
  const { rows } = await db.query<{ data: PublicEvent }>(
    `SELECT e.data FROM events e LEFT JOIN organizations o ON o.id = e.organization_id
     WHERE ${where.join(' AND ')} ORDER BY e.start_date DESC NULLS LAST, e.id LIMIT $${params.length}`,
    params,
  );
  return rows.map((row) => row.data);
}

export async function organizationBySlug(db: Queryable, slug: string): Promise<PublicOrganization | undefined> {
  const { rows } = await db.query<{ data: PublicOrganization }>('SELECT data FROM organizations WHERE slug = $1', [slug]);
  return rows[0]?.data;
}

export interface SeriesRow {
  id: string;
  organizationId: string;
  data: { id: string; slug: string; name: string; year: number; eventIds: string[]; scoringRule: string; bestOf: number | null };
  standings: unknown;
  updatedAt: Date;
}

export async function seriesBySlug(db: Queryable, slug: string): Promise<SeriesRow | undefined> {
  const { rows } = await db.query<{ id: string; organization_id: string; data: SeriesRow['data']; standings: unknown; updated_at: Date }>(
    'SELECT id, organization_id, data, standings, updated_at FROM series WHERE slug = $1',
    [slug],
  );
  const row = rows[0];
  return row ? { id: row.id, organizationId: row.organization_id, data: row.data, standings: row.standings, updatedAt: row.updated_at } : undefined;
}

export async function publicEventsByIds(db: Queryable, ids: string[]): Promise<PublicEvent[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ data: PublicEvent }>(
    'SELECT data FROM events WHERE id = ANY($1::uuid[]) AND status = ANY($2::text[]) AND data IS NOT NULL ORDER BY start_date, id',
    [ids, PUBLIC_EVENT_STATUSES],
  );
  return rows.map((row) => row.data);
}
