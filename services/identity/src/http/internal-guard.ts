/**
 * The gateway's internal token on /internal routes: a JWT signed with the assertion secret for the
 * audience "regatta-identity-internal", which no client can mint and the gateway never forwards.
 */
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { hmacKey, problem } from '@regatta/http';

export const INTERNAL_TOKEN_HEADER = 'x-gateway-internal-token';
const INTERNAL_AUDIENCE = 'regatta-identity-internal';

type Handler = (req: Request, res: Response) => Promise<void>;

/** Wraps a handler so that it runs only for requests carrying a valid internal token (else 403 internal_only). */
export function internalOnly(assertionSecret: string): (handler: Handler) => (req: Request, res: Response, next: NextFunction) => void {
  const guard = (req: Request, _res: Response, next: NextFunction) => {
    try {
      jwt.verify(req.header(INTERNAL_TOKEN_HEADER) ?? '', hmacKey(assertionSecret), {
        algorithms: ['HS256'],
        issuer: 'regatta-gateway',
        audience: INTERNAL_AUDIENCE,
      });
      next();
    } catch {
      next(problem('internal_only', 'This endpoint is for the gateway only.'));
    }
  };
  return (handler) => (req, res, next) => guard(req, res, (error?: unknown) => (error ? next(error) : handler(req, res).catch(next)));
}
