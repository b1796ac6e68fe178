/** SQL of the event aggregate (the events table, read joined with its organization's projection). */
import type { Queryable } from '@regatta/db';
import { UPDATABLE_EVENT_FIELDS, isUpdatableEventField, type EventChange } from '../domain/event-fields.js';
import type { EventOrder } from '../domain/organization-events.js';
import type { EventRow, EventWithOrgRow } from './rows.js';
import { escapeLike, isUuid } from './sql.js';

export const EVENT_WITH_ORG = `SELECT e.*, o.slug AS org_slug, o.name AS org_name, o.created_by AS org_created_by,
  COALESCE(o.creator_revoked, false) AS org_creator_revoked FROM events e LEFT JOIN organizations o ON o.id = e.organization_id`;

export async function eventBySlug(db: Queryable, slug: string): Promise<EventWithOrgRow | undefined> {
  return (await db.query<EventWithOrgRow>(`${EVENT_WITH_ORG} WHERE e.slug = $1`, [slug.toLowerCase()])).rows[0];
}

export async function eventByRef(db: Queryable, ref: string): Promise<EventWithOrgRow | undefined> {
  if (isUuid(ref)) {
    const byId = (await db.query<EventWithOrgRow>(`${EVENT_WITH_ORG} WHERE e.id = $1`, [ref])).rows[0];
    if (byId) return byId;
  }
  return eventBySlug(db, ref);
}

/** Locks the event row for the rest of the transaction (serializes registrations of one regatta). */
export async function lockEvent(db: Queryable, id: string): Promise<EventRow | undefined> {
  return (await db.query<EventRow>('SELECT * FROM events WHERE id = $1 FOR UPDATE', [id])).rows[0];
}

export interface NewEvent {
  id: string;
  organizationId: string;
  name: string;
  slug: string;
  description: string | null;
  venue: string | null;
  address: string | null;
  startDate: Date;
  endDate: Date;
  registrationOpen: Date | null;
  registrationClose: Date | null;
  entryFee: string | null;
  currency: string;
  maxParticipants: number | null;
  nor: string | null;
  sailingInstructions: string | null;
  settings: Record<string, unknown> | null;
  timeZone: string | null;
  createdBy: string | null;
}

export async function insertEvent(db: Queryable, event: NewEvent): Promise<EventRow> {
  const result = await db.query<EventRow>(
    `INSERT INTO events (id, organization_id, name, slug, description, venue, address, start_date, end_date,
       registration_open, registration_close, status, entry_fee, currency, max_participants, nor, sailing_instructions, settings, created_by, time_zone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'draft', $12, $13, $14, $15, $16, $17, $18, $19)
     RETURNING *`,
    [
      event.id,
      event.organizationId,
      event.name,
      event.slug,
      event.description,
      event.venue,
      event.address,
      event.startDate,
      event.endDate,
      event.registrationOpen,
      event.registrationClose,
      event.entryFee,
      event.currency,
      event.maxParticipants,
      event.nor,
      event.sailingInstructions,
      event.settings === null ? null : JSON.stringify(event.settings),
      event.createdBy,
      event.timeZone,
    ],
  );
  return result.rows[0]!;
}

/** Applies the given changes (columns from domain/event-fields.ts, the one definition); returns the updated row. */
export async function updateEvent(db: Queryable, id: string, changes: readonly EventChange[]): Promise<EventRow> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const { field, value } of changes) {
    if (!isUpdatableEventField(field)) throw new Error(`not an updatable event field: ${field}`);
    values.push(value);
    sets.push(`${UPDATABLE_EVENT_FIELDS[field].column} = $${values.length}`);
  }
  sets.push('updated_at = now()');
  const result = await db.query<EventRow>(`UPDATE events SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, values);
  return result.rows[0]!;
}

export interface EventListFilter {
  statuses: string[];
  q?: string | undefined;
  after?: Date | undefined;
  before?: Date | undefined;
  organizationSlug?: string | undefined;
  organizationId?: string | undefined;
  /** Regattas ending at or after / before these instants (an organization's upcoming or past ones). */
  endFrom?: Date | undefined;
  endBefore?: Date | undefined;
  /** Default soonest_start (the public calendar's order). */
  order?: EventOrder | undefined;
  limit: number;
  offset: number;
}

const ORDER_BY: Record<EventOrder, string> = {
  soonest_start: 'e.start_date, e.id',
  latest_end: 'e.end_date DESC, e.start_date DESC, e.id',
  latest_start: 'e.start_date DESC, e.id',
};

/** Event lists; fetches limit + 1 rows so the caller can tell hasMore exactly. */
export async function listEvents(db: Queryable, filter: EventListFilter): Promise<EventWithOrgRow[]> {
  const where: string[] = ['e.status = ANY($1::text[])'];
  const values: unknown[] = [filter.statuses];
  if (filter.q) {
    values.push(`%${escapeLike(filter.q)}%`);
    const p = `$${values.length}`;
    where.push(`(e.name ILIKE ${p} OR e.venue ILIKE ${p} OR e.description ILIKE ${p})`);
  }
  /** A condition on one bound instant (`column op $n`), when it is given. */
  const bound = (column: string, op: '>=' | '<', value: Date | undefined) => {
    if (!value) return;
    values.push(value);
    where.push(`${column} ${op} $${values.length}`);
  };
  bound('e.start_date', '>=', filter.after);
  bound('e.start_date', '<', filter.before);
  bound('e.end_date', '>=', filter.endFrom);
  bound('e.end_date', '<', filter.endBefore);
  if (filter.organizationSlug !== undefined) {
    values.push(filter.organizationSlug.toLowerCase());
    where.push(`o.slug = $${values.length}`);
  }
  if (filter.organizationId !== undefined) {
    values.push(filter.organizationId);
    where.push(`e.organization_id = $${values.length}`);
  }
  values.push(filter.limit + 1, filter.offset);
  const result = await db.query<EventWithOrgRow>(
    `${EVENT_WITH_ORG} WHERE ${where.join(' AND ')} ORDER BY ${ORDER_BY[filter.order ?? 'soonest_start']} LIMIT $${values.length - 1} OFFSET $${values.length}`,
    values,
  );
  return result.rows;
}

export async function eventsByIds(db: Queryable, ids: string[]): Promise<EventWithOrgRow[]> {
  if (ids.length === 0) return [];
  return (await db.query<EventWithOrgRow>(`${EVENT_WITH_ORG} WHERE e.id = ANY($1::uuid[])`, [ids])).rows;
}
