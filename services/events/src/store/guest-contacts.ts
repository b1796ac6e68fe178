/** The sailor's name, address and language of registrations entered by name and address (for the notifications service). */
import type { Queryable } from '@regatta/db';

export async function sailorContacts(
  db: Queryable,
  registrationIds: readonly string[],
): Promise<Array<{ id: string; userId: string; name: string | null; email: string; language: string | null }>> {
  const result = await db.query<{ id: string; user_id: string; sailor_name: string | null; sailor_email: string; sailor_language: string | null }>(
    'SELECT id, user_id, sailor_name, sailor_email, sailor_language FROM registrations WHERE id = ANY($1::uuid[]) AND sailor_email IS NOT NULL',
    [[...registrationIds]],
  );
  return result.rows.map((row) => ({ id: row.id, userId: row.user_id, name: row.sailor_name, email: row.sailor_email, language: row.sailor_language }));
}
