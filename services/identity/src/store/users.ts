/** Accounts: e-mail, name and password hash. */
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
