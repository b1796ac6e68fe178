/** identity.v1 projection: users (sailor names and emails) and whether an organization's creator still belongs to it. */
import type { Queryable } from '@regatta/db';

export async function upsertUser(db: Queryable, user: { id: string; email: string; name: string }): Promise<void> {
  await db.query(
    `INSERT INTO users (id, email, name) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name`,
    [user.id, user.email, user.name],
  );
}

export async function userById(db: Queryable, id: string): Promise<{ id: string; email: string; name: string } | undefined> {
  return (await db.query<{ id: string; email: string; name: string }>('SELECT * FROM users WHERE id = $1', [id])).rows[0];
}

export async function userByEmail(db: Queryable, email: string): Promise<{ id: string; email: string; name: string } | undefined> {
  return (await db.query<{ id: string; email: string; name: string }>('SELECT * FROM users WHERE lower(email) = lower($1) LIMIT 1', [email])).rows[0];
}

/** A membership revoked (or granted again) for the organization's creator ends (or restores) the creator-as-admin rule. */
export async function markCreatorRevoked(db: Queryable, organizationId: string, userId: string, revoked: boolean): Promise<void> {
  await db.query('UPDATE organizations SET creator_revoked = $3 WHERE id = $1 AND created_by = $2', [organizationId, userId, revoked]);
}
