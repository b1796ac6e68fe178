/** The sailor's name and address of registrations entered by name and address (for the notifications service). */
import type { Queryable } from '@regatta/db';

export async function sailorContacts(db: Queryable, registrationIds: readonly string[]): Promise<Array<{ id: string; userId: string; name: string | null; email: string }>> {
  const result = await db.query<{ id: string; user_id: string; sailor_name: string | null; sailor_email: string }>(
    'SELECT id, user_id, sailor_name, sailor_email FROM registrations WHERE id = ANY($1::uuid[]) AND sailor_email IS NOT NULL',
    [[...registrationIds]],
  );
  return result.rows.map((row) => ({ id: row.id, userId: row.user_id, name: row.sailor_name, email: row.sailor_email }));
}
