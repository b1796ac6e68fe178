/**
 * Links sent by e-mail to the account's address: a password reset ("forgot password") and the
 * confirmation of the address at sign-up. Each is made with its fact in one transaction (the
 * notifications service writes the e-mail) and can be used once, before it expires. A request for an
 * unknown address answers the same as for a known one, so the answer tells nobody who has an account.
 */
import { randomUUID } from 'node:crypto';
import { withTransaction, type PoolClient } from '@regatta/db';
import { validationFailed } from '@regatta/http';
import { LINK_LIFETIME_MS, tokenMatches, type AccountLinkPurpose } from '../domain/account-links.js';
import { hashPassword } from '../domain/passwords.js';
import { emailConfirmationRequested, passwordResetRequested } from '../facts/accounts.js';
import { confirmEmail, deleteSessionsOf, insertAccountLink, retireLinks, setPasswordHash, useLink } from '../store/account-links.js';
import { findUserByEmail } from '../store/users.js';
import type { IdentityContext, IdentityResources, InvalidationTarget } from './resources.js';

async function makeLink(client: PoolClient, userId: string, purpose: AccountLinkPurpose): Promise<{ linkId: string; expiresAt: Date }> {
  await retireLinks(client, userId, purpose);
  const linkId = randomUUID();
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[purpose]);
  await insertAccountLink(client, { id: linkId, userId, purpose, expiresAt });
  return { linkId, expiresAt };
}

/** Forgot password: a new link replaces any earlier unused one. Silent for an unknown address. */
export async function requestPasswordReset(context: IdentityContext, input: { email: string; locale: 'en' | 'de' }, requestId?: string): Promise<void> {
  const user = await findUserByEmail(context.pool, input.email);
  if (!user) return;
  await withTransaction(context.pool, async (client) => {
    const link = await makeLink(client, user.id, 'password_reset');
    await context.publish(client, passwordResetRequested({ userId: user.id, ...link, locale: input.locale }, requestId));
  });
}

/** At sign-up, in the transaction that creates the account. */
export async function requestEmailConfirmation(context: IdentityContext, client: PoolClient, userId: string, locale: 'en' | 'de', requestId?: string): Promise<void> {
  const link = await makeLink(client, userId, 'email_confirmation');
  await context.publish(client, emailConfirmationRequested({ userId, ...link, locale }, requestId));
}

const refused = () => validationFailed([{ field: 'token', message: 'is not valid, was already used or has expired' }], 'The link is not valid, was already used or has expired.');

/** A new password through a reset link: the link is used up and every session of the account ends. */
export async function resetPassword(
  context: IdentityContext,
  resources: IdentityResources,
  input: { linkId: string; token: string; password: string },
): Promise<InvalidationTarget[]> {
  if (!tokenMatches(resources.accountLinkKey, 'password_reset', input.linkId, input.token)) throw refused();
  const passwordHash = await hashPassword(input.password);
  const ended = await withTransaction(context.pool, async (client) => {
    const used = await useLink(client, input.linkId, 'password_reset');
    if (!used) return undefined;
    await setPasswordHash(client, used.userId, passwordHash);
    return deleteSessionsOf(client, used.userId);
  });
  if (!ended) throw refused();
  const targets = ended.map((id) => `session:${id}` as const);
  if (targets.length > 0) await resources.invalidator.publish(targets);
  return targets;
}

export async function confirmEmailAddress(context: IdentityContext, resources: IdentityResources, input: { linkId: string; token: string }): Promise<void> {
  if (!tokenMatches(resources.accountLinkKey, 'email_confirmation', input.linkId, input.token)) throw refused();
  const confirmed = await withTransaction(context.pool, async (client) => {
    const used = await useLink(client, input.linkId, 'email_confirmation');
    if (used) await confirmEmail(client, used.userId);
    return used !== undefined;
  });
  if (!confirmed) throw refused();
}
