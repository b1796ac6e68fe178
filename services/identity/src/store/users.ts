import type { Queryable } from '@regatta/db';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: Date;
}

export async function insertUser(db: Queryable, user: { id: string; email: string; name: string; passwordHash: string }): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>(
    `INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING *`,
    [user.id, user.email, user.name, user.passwordHash],
  );
  return result.rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>(`SELECT * FROM users WHERE lower(email) = lower($1)`, [email]);
  return result.rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const result = await db.query<UserRow>(`SELECT * FROM users WHERE id = $1`, [id]);
  return result.rows[0];
}

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
