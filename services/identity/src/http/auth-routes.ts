/** Sign-up, login, logout and the current session. */
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { withTransaction } from '@regatta/db';
import { decoyHash, hashPassword, verifyPassword } from '../domain/passwords.js';
import { clearedSessionCookie, sessionCookie, signSessionToken } from '../domain/session-token.js';
import { userRegistered } from '../messaging/facts.js';
import { resourcesOf, type IdentityContext } from '../resources.js';
import { membershipsOf } from '../store/organizations.js';
import { deleteSession, findUserByEmail, findUserById, insertSession, insertUser, type UserRow } from '../store/users.js';
import { iso, requestId, sessionCaller } from './common.js';
import { HttpProblem, conflict, parseInput, unauthorized, z, type RouteDefinition } from './deps.js';

const email = z.string().trim().toLowerCase().max(254).email();
const signupBody = z.object({
  email,
  password: z.string().min(10, 'must be at least 10 characters').max(200),
  name: z.string().trim().min(1).max(100),
});
const loginBody = z.object({ email, password: z.string().min(1).max(200) });

export const userJson = (user: UserRow) => ({ id: user.id, email: user.email, name: user.name, createdAt: user.created_at.toISOString() });

/** The client address as the gateway saw it: the last X-Forwarded-For hop (the gateway appends it). */
function clientAddress(req: Request): string {
  const forwarded = req.header('x-forwarded-for');
  const last = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).pop();
  return last ?? req.socket.remoteAddress ?? 'unknown';
}

export function authRoutes(context: IdentityContext): RouteDefinition[] {
  const { pool, config } = context;
  const lifetimeSeconds = config.SESSION_TTL_HOURS * 3600;

  async function startSession(req: Request, res: Response, userId: string): Promise<void> {
    const resources = resourcesOf(context);
    const sessionId = randomUUID();
    await insertSession(pool, { id: sessionId, userId, expiresAt: new Date(Date.now() + lifetimeSeconds * 1000), userAgent: req.header('user-agent') });
    const token = signSessionToken({ sessionId, userId }, resources.sessionSecret, lifetimeSeconds);
    res.setHeader('Set-Cookie', sessionCookie(token, { secure: resources.cookieSecure, maxAgeSeconds: lifetimeSeconds }));
    res.setHeader('Cache-Control', 'no-store');
  }

  return [
    {
      method: 'post',
      path: '/api/v1/auth/signup',
      handler: async (req, res) => {
        const body = parseInput(signupBody, req.body, 'body');
        const passwordHash = await hashPassword(body.password);
        const user = await withTransaction(pool, async (client) => {
          const inserted = await insertUser(client, { id: randomUUID(), email: body.email, name: body.name, passwordHash });
          if (!inserted) return undefined;
          await context.publish(client, userRegistered({ id: inserted.id, email: inserted.email, name: inserted.name, createdAt: inserted.created_at }, requestId(req)));
          return inserted;
        });
        if (!user) throw conflict('email_taken', 'An account with this email already exists; log in instead.');
        await startSession(req, res, user.id);
        res.status(201).json({ data: { user: userJson(user), memberships: [] }, message: 'Account created; you are signed in.' });
      },
    },
    {
      method: 'post',
      path: '/api/v1/auth/login',
      handler: async (req, res) => {
        const body = parseInput(loginBody, req.body, 'body');
        const { loginLimiter } = resourcesOf(context);
        const throttleKey = `${body.email}|${clientAddress(req)}`;
        const state = await loginLimiter.get(throttleKey).catch(() => null);
        if (state && state.consumedPoints >= config.LOGIN_MAX_FAILURES) {
          const retryAfter = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
          throw new HttpProblem(429, 'too_many_failed_logins', `Too many failed logins for this account from your address; try again in ${retryAfter} s.`, {
            headers: { 'Retry-After': String(retryAfter) },
          });
        }
        const user = await findUserByEmail(pool, body.email);
        const ok = await verifyPassword(body.password, user?.password_hash ?? (await decoyHash()));
        if (!user || !ok) {
          await loginLimiter.consume(throttleKey).catch((error: unknown) => {
            if (!(error instanceof RateLimiterRes)) context.logger.warn({ err: error }, 'login throttle unavailable');
          });
          throw unauthorized('invalid_credentials', 'The email or password is not correct.');
        }
        await loginLimiter.delete(throttleKey).catch(() => undefined);
        await startSession(req, res, user.id);
        res.status(200).json({ data: { user: userJson(user), memberships: await memberships(user.id) }, message: 'Signed in.' });
      },
    },
    {
      method: 'post',
      path: '/api/v1/auth/logout',
      handler: async (_req, res) => {
        const caller = sessionCaller(res);
        const { invalidator, cookieSecure } = resourcesOf(context);
        await deleteSession(pool, caller.sessionId);
        await invalidator.announce(res, [`session:${caller.sessionId}`]);
        res.setHeader('Set-Cookie', clearedSessionCookie(cookieSecure));
        res.status(204).end();
      },
    },
    {
      method: 'get',
      path: '/api/v1/auth/session',
      handler: async (_req, res) => {
        const caller = sessionCaller(res);
        const user = await findUserById(pool, caller.userId);
        if (!user) throw unauthorized('session_expired', 'The session no longer exists; sign in again.');
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: { user: userJson(user), memberships: await memberships(user.id) } });
      },
    },
  ];

  async function memberships(userId: string) {
    return (await membershipsOf(pool, userId)).map((row) => ({
      organizationId: row.organization_id,
      slug: row.slug,
      name: row.name,
      role: row.role,
      grantedAt: iso(row.granted_at),
    }));
  }
}
