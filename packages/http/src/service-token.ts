/**
 * Service-to-service tokens on /internal routes that one named service alone may call (the gateway
 * never forwards /internal): a short-lived JWT signed with the assertion secret whose issuer names
 * the calling service and whose audience names the routes, e.g. issuer "regatta-notifications",
 * audience "regatta-identity-contacts". No client can mint one.
 */
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { hmacKey } from './hmac-key.js';
import { problem } from './problem-codes.js';

export const SERVICE_TOKEN_HEADER = 'x-service-token';

export interface ServiceTokenScope {
  /** The calling service, e.g. "regatta-notifications". */
  issuer: string;
  /** The routes it may call, e.g. "regatta-identity-contacts". */
  audience: string;
}

export function signServiceToken(secret: string, scope: ServiceTokenScope, expiresInSeconds = 60): string {
  return jwt.sign({}, hmacKey(secret), { algorithm: 'HS256', issuer: scope.issuer, audience: scope.audience, expiresIn: expiresInSeconds });
}

type Handler = (req: Request, res: Response) => Promise<void>;

/** Wraps a route's handler: without a valid token of `scope` the answer is 403 `internal_only`. */
export function serviceTokenOnly(secret: string, scope: ServiceTokenScope, detail: string): (handler: Handler) => (req: Request, res: Response, next: NextFunction) => void {
  return (handler) => (req, res, next) => {
    try {
      jwt.verify(req.header(SERVICE_TOKEN_HEADER) ?? '', hmacKey(secret), { algorithms: ['HS256'], issuer: scope.issuer, audience: scope.audience });
    } catch {
      next(problem('internal_only', detail));
      return;
    }
    handler(req, res).catch(next);
  };
}
