/** Sign-up, login, logout and the current session (the session cookie is set and cleared here). */
import type { Response } from 'express';
import { parseInput, type RouteDefinition } from '@regatta/http';
import { getSession } from '../app/get-session.js';
import { logIn } from '../app/log-in.js';
import { logOut } from '../app/log-out.js';
import type { IdentityContext, IdentityResources } from '../app/resources.js';
import type { OpenedSession } from '../app/sessions.js';
import { signUp } from '../app/sign-up.js';
import { requestLocale } from '../domain/devices.js';
import { membershipView, userView } from './auth.views.js';
import { loginBody, signupBody } from './auth.schemas.js';
import { clientAddress, requestId, sessionCaller } from './callers.js';
import { announceInvalidation } from './invalidation-header.js';
import { clearedSessionCookie, sessionCookie, signSessionToken } from './session-cookie.js';

export function authRoutes(context: IdentityContext, resources: IdentityResources): RouteDefinition[] {
  function setSessionCookie(res: Response, session: OpenedSession): void {
    const token = signSessionToken({ sessionId: session.sessionId, userId: session.userId }, resources.sessionSecret, session.lifetimeSeconds);
    res.setHeader('Set-Cookie', sessionCookie(token, { secure: resources.cookieSecure, maxAgeSeconds: session.lifetimeSeconds }));
    res.setHeader('Cache-Control', 'no-store');
  }

  return [
    {
      method: 'post',
      path: '/api/v1/auth/signup',
      handler: async (req, res) => {
        const body = parseInput(signupBody, req.body, 'body');
        const { user, session } = await signUp(context, body, { requestId: requestId(req), userAgent: req.header('user-agent'), locale: requestLocale(req.header('accept-language')) });
        setSessionCookie(res, session);
        res.status(201).json({ data: { user: userView(user), memberships: [] }, message: 'Account created; you are signed in.' });
      },
    },
    {
      method: 'post',
      path: '/api/v1/auth/login',
      handler: async (req, res) => {
        const body = parseInput(loginBody, req.body, 'body');
        const { user, memberships, session } = await logIn(context, resources, body, {
          clientAddress: clientAddress(req),
          userAgent: req.header('user-agent'),
          locale: requestLocale(req.header('accept-language')),
          requestId: requestId(req),
        });
        setSessionCookie(res, session);
        res.status(200).json({ data: { user: userView(user), memberships: memberships.map(membershipView) }, message: 'Signed in.' });
      },
    },
    {
      method: 'post',
      path: '/api/v1/auth/logout',
      handler: async (_req, res) => {
        const caller = sessionCaller(res);
        announceInvalidation(res, await logOut(context, resources, caller.sessionId));
        res.setHeader('Set-Cookie', clearedSessionCookie(resources.cookieSecure));
        res.status(204).end();
      },
    },
    {
      method: 'get',
      path: '/api/v1/auth/session',
      handler: async (_req, res) => {
        const caller = sessionCaller(res);
        const { user, memberships } = await getSession(context, caller.userId);
        res.setHeader('Cache-Control', 'no-store');
        res.json({ data: { user: userView(user), memberships: memberships.map(membershipView) } });
      },
    },
  ];
}
