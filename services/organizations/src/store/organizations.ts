/** SQL for organization profiles (this service's own table). */
import type { Queryable } from '@regatta/db';
import { ORGANIZATION_TYPES, type OrganizationType } from '@regatta/contracts';
import type { NewOrganization, Organization, OrganizationWithCounts } from '../domain/organization.js';
import { uniqueSlug } from '../domain/slug.js';
import { ACTIVE_STATUSES, PUBLIC_STATUSES } from '../domain/calendar.js';

interface OrganizationRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  type: string;
  founded: number | null;
  street: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  facebook: string | null;
  instagram: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, slug, name, description, type, founded, street, city, state, postal_code, country, email, phone, website,
  facebook, instagram, created_by, created_at, updated_at`;

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    type: (ORGANIZATION_TYPES as readonly string[]).includes(row.type) ? (row.type as OrganizationType) : 'yacht-club',
    founded: row.founded,
    address: { street: row.street, city: row.city, state: row.state, postalCode: row.postal_code, country: row.country },
    contact: { email: row.email, phone: row.phone, website: row.website },
    socialMedia: { facebook: row.facebook, instagram: row.instagram },
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The editable profile, in the column order name .. instagram shared by INSERT and UPDATE. */
function profileValues(org: Organization): unknown[] {
  return [
    org.name,
    org.description,
    org.type,
    org.founded,
    org.address.street,
    org.address.city,
    org.address.state,
    org.address.postalCode,
    org.address.country,
    org.contact.email,
    org.contact.phone,
    org.contact.website,
    org.socialMedia.facebook,
    org.socialMedia.instagram,
  ];
}

/**
 * Picks the first free slug for `base` and inserts the organization with it. Creations of the same
 * base slug are serialized by a transaction-scoped advisory lock, so two concurrent "Bay YC" get
 * bay-yc and bay-yc-2 rather than a unique violation. Call inside a transaction.
 */
export async function insertOrganization(client: Queryable, org: NewOrganization, baseSlug: string): Promise<Organization> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('organization-slug:' || $1))`, [baseSlug]);
  const taken = await client.query<{ slug: string }>(`SELECT slug FROM organizations WHERE slug = $1 OR slug ~ ('^' || $1 || '-[0-9]+$')`, [baseSlug]);
  const slug = uniqueSlug(
    baseSlug,
    taken.rows.map((row) => row.slug),
  );
  const result = await client.query<OrganizationRow>(
    `INSERT INTO organizations (id, slug, name, description, type, founded, street, city, state, postal_code, country, email, phone,
       website, facebook, instagram, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     RETURNING ${COLUMNS}`,
    [org.id, slug, ...profileValues({ ...org, slug, createdAt: new Date(), updatedAt: new Date() }), org.createdBy],
  );
  return toOrganization(result.rows[0]!);
}

export async function updateOrganization(client: Queryable, org: Organization): Promise<Organization> {
  const result = await client.query<OrganizationRow>(
    `UPDATE organizations SET name = $2, description = $3, type = $4, founded = $5, street = $6, city = $7, state = $8,
       postal_code = $9, country = $10, email = $11, phone = $12, website = $13, facebook = $14, instagram = $15, updated_at = now()
     WHERE id = $1
     RETURNING ${COLUMNS}`,
    [org.id, ...profileValues(org)],
  );
  return toOrganization(result.rows[0]!);
}

export async function findOrganizationBySlug(db: Queryable, slug: string, options: { forUpdate?: boolean } = {}): Promise<Organization | undefined> {
  const result = await db.query<OrganizationRow>(`SELECT ${COLUMNS} FROM organizations WHERE slug = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [slug]);
  return result.rows[0] ? toOrganization(result.rows[0]) : undefined;
}

export interface ListFilters {
  limit: number;
  offset: number;
  /** Name contains (case-insensitive). */
  q?: string | undefined;
  /** Name or location (city, state, country) contains. */
  query?: string | undefined;
  /** City, state or country contains. */
  location?: string | undefined;
  type?: OrganizationType | undefined;
  /** Embed tokens: only this organization. */
  onlyId?: string | undefined;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function listOrganizations(db: Queryable, filters: ListFilters, now: Date): Promise<{ items: OrganizationWithCounts[]; count: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filters.q) where.push(`o.name ILIKE ${param(likePattern(filters.q))}`);
  if (filters.query) {
    const p = param(likePattern(filters.query));
    where.push(`(o.name ILIKE ${p} OR o.city ILIKE ${p} OR o.state ILIKE ${p} OR o.country ILIKE ${p})`);
  }
  if (filters.location) {
    const p = param(likePattern(filters.location));
    where.push(`(o.city ILIKE ${p} OR o.state ILIKE ${p} OR o.country ILIKE ${p})`);
  }
  if (filters.type) where.push(`o.type = ${param(filters.type)}`);
  if (filters.onlyId) where.push(`o.id = ${param(filters.onlyId)}`);
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';

  const total = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM organizations o ${whereSql}`, params);
  const nowParam = param(now);
  const active = param([...ACTIVE_STATUSES]);
  const publicStatuses = param([...PUBLIC_STATUSES]);
  const limit = param(filters.limit);
  const offset = param(filters.offset);
  // Same rules as domain/calendar.ts: upcoming = published/ongoing not yet ended; total = public.
  const rows = await db.query<OrganizationRow & { upcoming_events: number; total_events: number }>(
    `SELECT ${COLUMNS.split(',').map((column) => `o.${column.trim()}`).join(', ')},
       (SELECT count(*)::int FROM org_events e WHERE e.organization_id = o.id AND e.status = ANY(${active}) AND e.end_date >= ${nowParam}) AS upcoming_events,
       (SELECT count(*)::int FROM org_events e WHERE e.organization_id = o.id AND e.status = ANY(${publicStatuses})) AS total_events
     FROM organizations o ${whereSql}
     ORDER BY lower(o.name), o.id
     LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return {
    count: total.rows[0]?.count ?? 0,
    items: rows.rows.map((row) => ({ ...toOrganization(row), upcomingEvents: row.upcoming_events, totalEvents: row.total_events })),
  };
}
