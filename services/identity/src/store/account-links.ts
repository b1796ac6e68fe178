/** Single-use account links (password reset, e-mail confirmation) and the address lookup for notifications. */
import type { Queryable } from '@regatta/db';
import type { AccountLinkPurpose } from '../domain/account-links.js';

export interface AccountLinkRow {
  id: string;
  userId: string;
  purpose: AccountLinkPurpose;
  expiresAt: Date;
  usedAt: Date | null;
}

export async function insertAccountLink(db: Queryable, link: { id: string; userId: string; purpose: AccountLinkPurpose; expiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO account_links (id, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)', [link.id, link.userId, link.purpose, link.expiresAt]);
}

/** A link still usable (not used, not expired), or undefined. */
export async function findUsableLink(db: Queryable, id: string): Promise<AccountLinkRow | undefined> {
  const result = await db.query<{ id: string; user_id: string; purpose: AccountLinkPurpose; expires_at: Date; used_at: Date | null }>(
    'SELECT id, user_id, purpose, expires_at, used_at FROM account_links WHERE id = $1 AND used_at IS NULL AND expires_at > now()',
    [id],
  );
  const row = result.rows[0];
  return row ? { id: row.id, userId: row.user_id, purpose: row.purpose, expiresAt: row.expires_at, usedAt: row.used_at } : undefined;
}

/** Uses a link once: true for the one caller that marked it (a second use, or an expired link, is false). */
export async function useLink(db: Queryable, id: string, purpose: AccountLinkPurpose): Promise<{ userId: string } | undefined> {
  const result = await db.query<{ user_id: string }>(
    `UPDATE account_links SET used_at = now() WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [id, purpose],
  );
  const row = result.rows[0];
  return row ? { userId: row.user_id } : undefined;
}

/** Earlier unused links of the same purpose stop working when a new one is made. */
export async function retireLinks(db: Queryable, userId: string, purpose: AccountLinkPurpose): Promise<void> {
  await db.query('UPDATE account_links SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose]);
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

export async function confirmEmail(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, now()) WHERE id = $1', [userId]);
}

export async function contactsOf(db: Queryable, userIds: readonly string[]): Promise<Array<{ userId: string; name: string; email: string }>> {
  const result = await db.query<{ id: string; name: string; email: string }>('SELECT id, name, email FROM users WHERE id = ANY($1::uuid[])', [[...userIds]]);
  return result.rows.map((row) => ({ userId: row.id, name: row.name, email: row.email }));
}

/** Ends every session of a person (a new password signs everyone out); answers the ended sessions' ids. */
export async function deleteSessionsOf(db: Queryable, userId: string): Promise<string[]> {
  const result = await db.query<{ id: string }>('DELETE FROM sessions WHERE user_id = $1 RETURNING id', [userId]);
  return result.rows.map((row) => row.id);
}

/** Records a device for the person; answers whether it was new and whether the person had others before. */
export async function rememberDevice(db: Queryable, userId: string, device: string): Promise<{ isNew: boolean; hadOthers: boolean }> {
  const result = await db.query<{ inserted: boolean; others: string }>(
    `WITH inserted AS (
       INSERT INTO known_devices (user_id, device) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM inserted) AS inserted,
            (SELECT count(*) FROM known_devices WHERE user_id = $1 AND device <> $2) AS others`,
    [userId, device],
  );
  const row = result.rows[0]!;
  return { isNew: row.inserted, hadOthers: Number(row.others) > 0 };
}
