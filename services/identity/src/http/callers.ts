/** Who is calling, from the gateway's identity assertion, and what of the request the use cases need. */
import type { Request, Response } from 'express';
import { identityOf, problem, requestIdOf, type Identity } from '@regatta/http';
import { z } from '@regatta/config';

/** The caller of a session-only route (keys and embed tokens): a signed-in person, never a key. */
export function sessionCaller(res: Response): Identity & { userId: string; sessionId: string } {
  const identity = identityOf(res);
  if (identity.via !== 'session' || !identity.userId || !identity.sessionId) {
    throw problem('session_required', 'This route accepts only a signed-in web session, not an API key.');
  }
  return identity as Identity & { userId: string; sessionId: string };
}

/** A person behind the request: a session or their API key. */
export function userCaller(res: Response): Identity & { userId: string } {
  const identity = identityOf(res);
  if (!identity.userId || (identity.via !== 'session' && identity.via !== 'key')) {
    throw problem('credentials_required', 'Sign in or send an API key.');
  }
  return identity as Identity & { userId: string };
}

const uuid = z.string().uuid();
/** Ids that are not uuids cannot name a row: the routes answer 404 for them, as for unknown ones. */
export const isUuid = (value: unknown): value is string => uuid.safeParse(value).success;

export function requestId(req: Request): string | undefined {
  const id = requestIdOf(req);
  return id === 'unknown' ? undefined : id;
}

/** The client address as the gateway saw it: the last X-Forwarded-For hop (the gateway appends it). */
export function clientAddress(req: Request): string {
  const forwarded = req.header('x-forwarded-for');
  const last = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).pop();
  return last ?? req.socket.remoteAddress ?? 'unknown';
}
