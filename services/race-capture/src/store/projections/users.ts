/** People's names (identity.v1), read-only here: the label of what a member or an API key records. */
import type { Queryable } from '@regatta/db';

export async function upsertUser(client: Queryable, user: { id: string; name: string }): Promise<void> {
  await client.query(`INSERT INTO capture_users (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`, [user.id, user.name]);
}

export async function userName(q: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ name: string }>('SELECT name FROM capture_users WHERE id = $1', [userId]);
  return rows[0]?.name;
}
