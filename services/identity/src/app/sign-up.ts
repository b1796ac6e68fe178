/** A new account: the user row and its user.registered fact in one transaction, then a session. */
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import { problem } from '@regatta/http';
import { hashPassword } from '../domain/passwords.js';
import { insertUser, type UserRow } from '../store/users.js';
import { userRegistered } from '../facts/identity.js';
import type { IdentityContext } from './resources.js';
import { openSession, type OpenedSession } from './sessions.js';

export interface SignUpInput {
  email: string;
  password: string;
  name: string;
}

export async function signUp(
  context: IdentityContext,
  input: SignUpInput,
  meta: { requestId?: string | undefined; userAgent?: string | undefined },
): Promise<{ user: UserRow; session: OpenedSession }> {
  const passwordHash = await hashPassword(input.password);
  const user = await withTransaction(context.pool, async (client) => {
    const inserted = await insertUser(client, { id: randomUUID(), email: input.email, name: input.name, passwordHash });
    if (!inserted) return undefined;
    await context.publish(client, userRegistered({ id: inserted.id, email: inserted.email, name: inserted.name, createdAt: inserted.created_at }, meta.requestId));
    return inserted;
  });
  if (!user) throw problem('email_taken', 'An account with this email already exists; log in instead.');
  return { user, session: await openSession(context, user.id, meta.userAgent) };
}
