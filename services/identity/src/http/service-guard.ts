/**
 * The notifications service's token on the contact routes (/internal/v1/contacts and account-link
 * tokens): a JWT signed with the assertion secret, issuer "regatta-notifications", audience
 * "regatta-identity-contacts". No client can mint it and the gateway never forwards /internal.
 */
import type { NextFunction, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { hmacKey, problem } from '@regatta/http';

export const SERVICE_TOKEN_HEADER = 'x-service-token';

type Handler = (req: Request, res: Response) => Promise<void>;

export function notificationsOnly(assertionSecret: string): (handler: Handler) => (req: Request, res: Response, next: NextFunction) => void {
  return (handler) => (req, res, next) => {
    try {
      jwt.verify(req.header(SERVICE_TOKEN_HEADER) ?? '', hmacKey(assertionSecret), {
        algorithms: ['HS256'],
        issuer: 'regatta-notifications',
        audience: 'regatta-identity-contacts',
      });
    } catch {
      next(problem('internal_only', 'This endpoint is for the notifications service only.'));
      return;
    }
    handler(req, res).catch(next);
  };
}
