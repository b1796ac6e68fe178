/** Ranking lists, their event factors and published editions (the service's own aggregates). */
import type { Queryable } from '@regatta/db';
import type { RankingFilters } from '../domain/rankings/filters.js';
import type { RankingFormula } from '../domain/rankings/formula.js';
import type { RankingList, Visibility } from '../domain/rankings/lists.js';

interface ListRow {
  id: string;
  organization_id: string;
  name: string;
  formula: RankingFormula;
  filters: RankingFilters;
  default_factor: number;
  visibility: Visibility;
  created_at: Date;
  updated_at: Date;
}

const LIST_COLUMNS = `id, organization_id, name, formula, filters, default_factor, visibility, created_at, updated_at`;

const listOf = (row: ListRow): RankingList => ({
  id: row.id,
  organizationId: row.organization_id,
  name: row.name,
  formula: row.formula,
  filters: row.filters,
  defaultFactor: row.default_factor,
  visibility: row.visibility,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function insertList(db: Queryable, list: Omit<RankingList, 'createdAt' | 'updatedAt'>, createdBy: string | null): Promise<RankingList> {
  const result = await db.query<ListRow>(
    `INSERT INTO ranking_lists (id, organization_id, name, formula, filters, default_factor, visibility, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${LIST_COLUMNS}`,
    [list.id, list.organizationId, list.name, JSON.stringify(list.formula), JSON.stringify(list.filters), list.defaultFactor, list.visibility, createdBy],
  );
  return listOf(result.rows[0]!);
}

/** Replaces a list's settings (the caller holds its row lock) and says who changed them. */
export async function updateList(db: Queryable, list: RankingList, updatedBy: string | null): Promise<RankingList> {
  const result = await db.query<ListRow>(
    `UPDATE ranking_lists SET name = $2, formula = $3, filters = $4, default_factor = $5, visibility = $6, updated_by = $7, updated_at = now()
     WHERE id = $1 RETURNING ${LIST_COLUMNS}`,
    [list.id, list.name, JSON.stringify(list.formula), JSON.stringify(list.filters), list.defaultFactor, list.visibility, updatedBy],
  );
  return listOf(result.rows[0]!);
}

export async function findList(db: Queryable, organizationId: string, listId: string, forUpdate = false): Promise<RankingList | undefined> {
  const result = await db.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM ranking_lists WHERE id = $1 AND organization_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [listId, organizationId],
  );
  return result.rows[0] ? listOf(result.rows[0]) : undefined;
}

/** An organization's lists, oldest first; members-only lists only when `withMembersOnly`. */
export async function listsOf(db: Queryable, organizationId: string, withMembersOnly: boolean, page: { limit: number; offset: number }) {
  const where = `organization_id = $1${withMembersOnly ? '' : ` AND visibility = 'public'`}`;
  const [rows, count] = await Promise.all([
    db.query<ListRow>(`SELECT ${LIST_COLUMNS} FROM ranking_lists WHERE ${where} ORDER BY created_at, id LIMIT $2 OFFSET $3`, [organizationId, page.limit, page.offset]),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ranking_lists WHERE ${where}`, [organizationId]),
  ]);
  return { items: rows.rows.map(listOf), count: count.rows[0]?.count ?? 0 };
}

export interface EventFactor {
  eventId: string;
  eventSlug: string | null;
  eventName: string | null;
  factor: number;
}

export async function factorsOf(db: Queryable, listId: string): Promise<EventFactor[]> {
  const result = await db.query<{ event_id: string; slug: string | null; name: string | null; factor: number }>(
    `SELECT f.event_id, g.slug, g.name, f.factor FROM ranking_event_factors f LEFT JOIN regattas g ON g.id = f.event_id
     WHERE f.list_id = $1 ORDER BY g.start_date NULLS LAST, f.event_id`,
    [listId],
  );
  return result.rows.map((row) => ({ eventId: row.event_id, eventSlug: row.slug, eventName: row.name, factor: row.factor }));
}

export async function setFactor(db: Queryable, listId: string, eventId: string, factor: number): Promise<void> {
  await db.query(
    `INSERT INTO ranking_event_factors (list_id, event_id, factor) VALUES ($1, $2, $3)
     ON CONFLICT (list_id, event_id) DO UPDATE SET factor = EXCLUDED.factor, updated_at = now()`,
    [listId, eventId, factor],
  );
  await db.query(`UPDATE ranking_lists SET updated_at = now() WHERE id = $1`, [listId]);
}

export interface EditionEntryRow {
  sailorId: string;
  sailorName: string | null;
  rank: number;
  points: number;
  countedResults: number;
}

export interface Edition {
  id: string;
  edition: number;
  asOf: Date;
  publishedAt: Date;
}

/** The next edition of a list (the caller holds the list's row lock, so numbers never collide). */
export async function insertEdition(db: Queryable, edition: { id: string; listId: string; asOf: Date; publishedBy: string | null }, entries: readonly EditionEntryRow[]): Promise<Edition> {
  const inserted = await db.query<{ id: string; edition: number; as_of: Date; published_at: Date }>(
    `INSERT INTO ranking_editions (id, list_id, edition, as_of, published_by)
     SELECT $1, $2, coalesce(max(edition), 0) + 1, $3, $4 FROM ranking_editions WHERE list_id = $2
     RETURNING id, edition, as_of, published_at`,
    [edition.id, edition.listId, edition.asOf, edition.publishedBy],
  );
  const row = inserted.rows[0]!;
  if (entries.length > 0) {
    await db.query(
      `INSERT INTO ranking_edition_entries (edition_id, sailor_id, sailor_name, rank, points, counted_results)
       SELECT $1, e.sailor_id, e.sailor_name, e.rank, e.points, e.counted FROM unnest($2::uuid[], $3::text[], $4::int[], $5::float8[], $6::int[])
         AS e(sailor_id, sailor_name, rank, points, counted)`,
      [
        row.id,
        entries.map((entry) => entry.sailorId),
        entries.map((entry) => entry.sailorName),
        entries.map((entry) => entry.rank),
        entries.map((entry) => entry.points),
        entries.map((entry) => entry.countedResults),
      ],
    );
  }
  return { id: row.id, edition: row.edition, asOf: row.as_of, publishedAt: row.published_at };
}

export async function latestEdition(db: Queryable, listId: string): Promise<Edition | undefined> {
  const result = await db.query<{ id: string; edition: number; as_of: Date; published_at: Date }>(
    `SELECT id, edition, as_of, published_at FROM ranking_editions WHERE list_id = $1 ORDER BY edition DESC LIMIT 1`,
    [listId],
  );
  const row = result.rows[0];
  return row ? { id: row.id, edition: row.edition, asOf: row.as_of, publishedAt: row.published_at } : undefined;
}

/** A sailor's line in every edition of a list, oldest first (null rank: not ranked in that edition). */
export async function sailorHistory(db: Queryable, listId: string, sailorId: string) {
  const result = await db.query<{ edition: number; published_at: Date; as_of: Date; rank: number | null; points: number | null; sailors: number; sailor_name: string | null }>(
    `SELECT e.edition, e.published_at, e.as_of, x.rank, x.points, x.sailor_name,
       (SELECT count(*)::int FROM ranking_edition_entries c WHERE c.edition_id = e.id) AS sailors
     FROM ranking_editions e LEFT JOIN ranking_edition_entries x ON x.edition_id = e.id AND x.sailor_id = $2
     WHERE e.list_id = $1 ORDER BY e.edition`,
    [listId, sailorId],
  );
  return result.rows.map((row) => ({ edition: row.edition, publishedAt: row.published_at, asOf: row.as_of, rank: row.rank, points: row.points, sailors: row.sailors, sailorName: row.sailor_name }));
}
