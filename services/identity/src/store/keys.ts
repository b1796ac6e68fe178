import type { Queryable } from '@regatta/db';

export interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  key_prefix: string;
  scopes: string[];
  rate_limit: number;
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, user_id, name, key_prefix, scopes, rate_limit, expires_at, created_at, last_used_at, revoked_at';

export async function insertApiKey(
  db: Queryable,
  key: { id: string; userId: string; name: string; prefix: string; hash: string; scopes: string[]; rateLimit: number; expiresAt: Date | null },
): Promise<ApiKeyRow> {
  const result = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (id, user_id, name, key_prefix, key_hash, scopes, rate_limit, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [key.id, key.userId, key.name, key.prefix, key.hash, key.scopes, key.rateLimit, key.expiresAt],
  );
  return result.rows[0]!;
}

export async function listActiveKeys(db: Queryable, userId: string): Promise<ApiKeyRow[]> {
  const result = await db.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [userId],
  );
  return result.rows;
}

/** Revokes the caller's own key; false when unknown, foreign or already revoked (all 404). */
export async function revokeKey(db: Queryable, userId: string, id: string): Promise<boolean> {
  const result = await db.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`, [id, userId]);
  return (result.rowCount ?? 0) > 0;
}

/** The not-revoked key with this hash (expired ones too: the gateway reports expiry itself). */
export async function findKeyByHash(db: Queryable, hash: string): Promise<ApiKeyRow | undefined> {
  const result = await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`, [hash]);
  return result.rows[0];
}

/** Batched last-use times from the gateways; never moves a time backwards. */
export async function touchKeys(db: Queryable, uses: Array<{ id: string; at: Date }>): Promise<void> {
  if (uses.length === 0) return;
  await db.query(
    `UPDATE api_keys k SET last_used_at = GREATEST(COALESCE(k.last_used_at, u.at), u.at)
     FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at) WHERE k.id = u.id`,
    [uses.map((use) => use.id), uses.map((use) => use.at)],
  );
}
