/**
 * A new account: the user row, its user.registered fact and the e-mail confirmation link (with its
 * fact) in one transaction, then a session.
 */
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import { problem } from '@regatta/http';
import { hashPassword } from '../domain/passwords.js';
import { insertUser, type UserRow } from '../store/users.js';
import { userRegistered } from '../facts/identity.js';
import { describeDevice } from '../domain/devices.js';
import { rememberDevice } from '../store/account-links.js';
import { requestEmailConfirmation } from './account-links.js';
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
  meta: { requestId?: string | undefined; userAgent?: string | undefined; locale?: 'en' | 'de' },
): Promise<{ user: UserRow; session: OpenedSession }> {
  const passwordHash = await hashPassword(input.password);
  const user = await withTransaction(context.pool, async (client) => {
    const inserted = await insertUser(client, { id: randomUUID(), email: input.email, name: input.name, passwordHash });
    if (!inserted) return undefined;
    await context.publish(client, userRegistered({ id: inserted.id, email: inserted.email, name: inserted.name, createdAt: inserted.created_at }, meta.requestId));
    // The address is confirmed through a link sent to it; the device signing up is known from now on.
    await requestEmailConfirmation(context, client, inserted.id, meta.locale ?? 'en', meta.requestId);
    await rememberDevice(client, inserted.id, describeDevice(meta.userAgent));
    return inserted;
  });
  if (!user) throw problem('email_taken', 'An account with this email already exists; log in instead.');
  return { user, session: await openSession(context, user.id, meta.userAgent) };
}
