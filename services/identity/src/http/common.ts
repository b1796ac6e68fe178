import type { Request, Response } from 'express';
import { identityOf, requestIdOf, unauthorized, type Identity, z } from './deps.js';

/** The caller of a session-only route (keys and embed tokens): a signed-in person, never a key. */
export function sessionCaller(res: Response): Identity & { userId: string; sessionId: string } {
  const identity = identityOf(res);
  if (identity.via !== 'session' || !identity.userId || !identity.sessionId) {
    throw unauthorized('session_required', 'This route accepts only a signed-in web session, not an API key.');
  }
  return identity as Identity & { userId: string; sessionId: string };
}

/** A person behind the request: a session or their API key. */
export function userCaller(res: Response): Identity & { userId: string } {
  const identity = identityOf(res);
  if (!identity.userId || (identity.via !== 'session' && identity.via !== 'key')) {
    throw unauthorized('credentials_required', 'Sign in or send an API key.');
  }
  return identity as Identity & { userId: string };
}

export const uuid = z.string().uuid();
export const isUuid = (value: unknown): value is string => uuid.safeParse(value).success;

export function requestId(req: Request): string | undefined {
  const id = requestIdOf(req);
  return id === 'unknown' ? undefined : id;
}

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
