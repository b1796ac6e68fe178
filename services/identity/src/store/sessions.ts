/** Server-side sessions: the row is the truth a session cookie names (logout deletes it). */
import type { Queryable } from '@regatta/db';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
}

export async function insertSession(db: Queryable, session: { id: string; userId: string; expiresAt: Date; userAgent?: string | undefined }): Promise<void> {
  await db.query(`INSERT INTO sessions (id, user_id, expires_at, user_agent) VALUES ($1, $2, $3, $4)`, [
    session.id,
    session.userId,
    session.expiresAt,
    session.userAgent?.slice(0, 300) ?? null,
  ]);
}

export async function findLiveSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const result = await db.query<SessionRow>(`SELECT * FROM sessions WHERE id = $1 AND expires_at > now()`, [id]);
  return result.rows[0];
}

export async function deleteSession(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query(`DELETE FROM sessions WHERE id = $1`, [id]);
  return (result.rowCount ?? 0) > 0;
}

export async function pruneExpiredSessions(db: Queryable): Promise<number> {
  const result = await db.query(`DELETE FROM sessions WHERE expires_at < now() - interval '1 day'`);
  return result.rowCount ?? 0;
}
