import type { Queryable } from '@regatta/db';

export interface EmbedTokenRow {
  id: string;
  organization_id: string;
  name: string;
  allowed_origins: string[];
  token_prefix: string;
  active: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, organization_id, name, allowed_origins, token_prefix, active, created_at, last_used_at';

export async function insertEmbedToken(
  db: Queryable,
  token: { id: string; organizationId: string; name: string; allowedOrigins: string[]; prefix: string; hash: string; createdBy: string },
): Promise<EmbedTokenRow> {
  const result = await db.query<EmbedTokenRow>(
    `INSERT INTO embed_tokens (id, organization_id, name, allowed_origins, token_prefix, token_hash, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [token.id, token.organizationId, token.name, token.allowedOrigins, token.prefix, token.hash, token.createdBy],
  );
  return result.rows[0]!;
}

export async function listEmbedTokens(db: Queryable, organizationId: string): Promise<EmbedTokenRow[]> {
  const result = await db.query<EmbedTokenRow>(
    `SELECT ${COLUMNS} FROM embed_tokens WHERE organization_id = $1 ORDER BY created_at DESC, id`,
    [organizationId],
  );
  return result.rows;
}

export async function findEmbedToken(db: Queryable, id: string): Promise<EmbedTokenRow | undefined> {
  const result = await db.query<EmbedTokenRow>(`SELECT ${COLUMNS} FROM embed_tokens WHERE id = $1`, [id]);
  return result.rows[0];
}

export async function deactivateEmbedToken(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE embed_tokens SET active = false, deactivated_at = COALESCE(deactivated_at, now()) WHERE id = $1`, [id]);
}

export async function findActiveEmbedTokenByHash(db: Queryable, hash: string): Promise<EmbedTokenRow | undefined> {
  const result = await db.query<EmbedTokenRow>(`SELECT ${COLUMNS} FROM embed_tokens WHERE token_hash = $1 AND active`, [hash]);
  return result.rows[0];
}

export async function touchEmbedTokens(db: Queryable, uses: Array<{ id: string; at: Date }>): Promise<void> {
  if (uses.length === 0) return;
  await db.query(
    `UPDATE embed_tokens t SET last_used_at = GREATEST(COALESCE(t.last_used_at, u.at), u.at)
     FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at) WHERE t.id = u.id`,
    [uses.map((use) => use.id), uses.map((use) => use.at)],
  );
}
