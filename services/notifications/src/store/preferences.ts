/** A person's choices: kinds switched off (in general or per regatta) and the language of messages. */
import type { Queryable } from '@regatta/db';
import type { Delivery } from '../domain/kinds.js';

export interface Choice {
  kind: string;
  /** '' for every regatta, else a regatta's id. */
  eventKey: string;
  enabled: boolean;
  /** At once or in the daily digest (kinds that have one); null: as chosen in general, else at once. */
  delivery?: Delivery | null | undefined;
}

export async function choicesOf(db: Queryable, userId: string): Promise<Array<Choice & { delivery: Delivery | null }>> {
  const result = await db.query<{ kind: string; event_key: string; enabled: boolean; delivery: Delivery | null }>(
    'SELECT kind, event_key, enabled, delivery FROM preferences WHERE user_id = $1 ORDER BY kind, event_key',
    [userId],
  );
  return result.rows.map((row) => ({ kind: row.kind, eventKey: row.event_key, enabled: row.enabled, delivery: row.delivery }));
}

/** Sets a choice; a delivery not given stays as it was. */
export async function setChoice(db: Queryable, userId: string, choice: Choice): Promise<void> {
  await db.query(
    `INSERT INTO preferences (user_id, kind, event_key, enabled, delivery) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, kind, event_key) DO UPDATE SET enabled = EXCLUDED.enabled, delivery = COALESCE(EXCLUDED.delivery, preferences.delivery), updated_at = now()`,
    [userId, choice.kind, choice.eventKey, choice.enabled, choice.delivery ?? null],
  );
}

export async function localeOf(db: Queryable, userId: string): Promise<string | undefined> {
  const result = await db.query<{ locale: string }>('SELECT locale FROM recipients WHERE user_id = $1', [userId]);
  return result.rows[0]?.locale;
}

export async function localesOf(db: Queryable, userIds: readonly string[]): Promise<Map<string, string>> {
  const result = await db.query<{ user_id: string; locale: string }>('SELECT user_id, locale FROM recipients WHERE user_id = ANY($1::uuid[])', [[...userIds]]);
  return new Map(result.rows.map((row) => [row.user_id, row.locale]));
}

export async function setLocale(db: Queryable, userId: string, locale: string): Promise<void> {
  await db.query(
    `INSERT INTO recipients (user_id, locale) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET locale = EXCLUDED.locale, updated_at = now()`,
    [userId, locale],
  );
}

/** The regattas a person is entered in (for per-regatta choices). */
export async function regattasOf(db: Queryable, userId: string): Promise<Array<{ id: string; name: string; slug: string }>> {
  const result = await db.query<{ id: string; name: string; slug: string }>(
    `SELECT DISTINCT r.id, r.name, r.slug FROM entries e JOIN regattas r ON r.id = e.event_id
     WHERE e.user_id = $1 AND e.status <> 'cancelled' ORDER BY r.name`,
    [userId],
  );
  return result.rows;
}

/**
 * The regattas of the organizations a person is a member of (for the organizers' per-regatta
 * choices: new entries and withdrawals at once or in the daily digest), from the members and
 * regattas projections: the same ones that decide who hears of an entry. Cancelled ones are left out.
 */
export async function organizedRegattasOf(db: Queryable, userId: string): Promise<Array<{ id: string; name: string; slug: string }>> {
  const result = await db.query<{ id: string; name: string; slug: string }>(
    `SELECT r.id, r.name, r.slug FROM regattas r JOIN members m ON m.organization_id = r.organization_id
     WHERE m.user_id = $1 AND r.status <> 'cancelled' ORDER BY r.name, r.id LIMIT 200`,
    [userId],
  );
  return result.rows;
}

/** Sets the language unless the person already has one. */
export async function keepFirstLocale(db: Queryable, userId: string, locale: string): Promise<void> {
  await db.query('INSERT INTO recipients (user_id, locale) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, locale]);
}
