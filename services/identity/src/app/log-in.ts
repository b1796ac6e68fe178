/**
 * Login with e-mail and password. Failures are counted per e-mail + client address: past the limit
 * the answer is 429 with Retry-After before the password is even checked; a success clears the count.
 * An unknown e-mail costs the same hash as a known one (decoy), so timing does not reveal accounts.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { problem } from '@regatta/http';
import { withTransaction } from '@regatta/db';
import { describeDevice } from '../domain/devices.js';
import { decoyHash, verifyPassword } from '../domain/passwords.js';
import { newDeviceSignedIn } from '../facts/accounts.js';
import { rememberDevice } from '../store/account-links.js';
import { membershipsOf, type MembershipDetail } from '../store/memberships.js';
import { findUserByEmail, type UserRow } from '../store/users.js';
import type { IdentityContext, IdentityResources } from './resources.js';
import { openSession, type OpenedSession } from './sessions.js';

export async function logIn(
  context: IdentityContext,
  resources: IdentityResources,
  input: { email: string; password: string },
  meta: { clientAddress: string; userAgent?: string | undefined; locale?: 'en' | 'de'; requestId?: string | undefined },
): Promise<{ user: UserRow; memberships: MembershipDetail[]; session: OpenedSession }> {
  const { loginLimiter } = resources;
  const throttleKey = `${input.email}|${meta.clientAddress}`;
  const state = await loginLimiter.get(throttleKey).catch(() => null);
  if (state && state.consumedPoints >= context.config.LOGIN_MAX_FAILURES) {
    const retryAfter = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    throw problem('too_many_failed_logins', `Too many failed logins for this account from your address; try again in ${retryAfter} s.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  const user = await findUserByEmail(context.pool, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (!user || !ok) {
    await loginLimiter.consume(throttleKey).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) context.logger.warn({ err: error }, 'login throttle unavailable');
    });
    throw problem('invalid_credentials', 'The email or password is not correct.');
  }
  await loginLimiter.delete(throttleKey).catch(() => undefined);
  // A device (browser and system) this account never signed in from: the person hears of it.
  const device = describeDevice(meta.userAgent);
  await withTransaction(context.pool, async (client) => {
    const seen = await rememberDevice(client, user.id, device);
    if (seen.isNew && seen.hadOthers) {
      await context.publish(client, newDeviceSignedIn({ userId: user.id, device, at: new Date(), locale: meta.locale ?? 'en' }, meta.requestId));
    }
  });
  const session = await openSession(context, user.id, meta.userAgent);
  return { user, memberships: await membershipsOf(context.pool, user.id), session };
}
