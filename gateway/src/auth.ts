/**
 * Who is calling. The gateway turns a bearer API key, a session cookie or an embed token into a
 * Principal; services receive only the signed assertion made from it.
 */
import type { Request } from 'express';
import type { Identity } from '@regatta/http';

export interface Principal extends Identity {
  /** Requests per hour for key-authenticated calls; undefined for sessions and embed tokens. */
  rateLimit?: number;
  /** Allowed browser origins of an embed token. */
  allowedOrigins?: string[];
}

export type AuthOutcome =
  | { kind: 'none' }
  | { kind: 'authenticated'; principal: Principal }
  /** Credentials were presented but are malformed, unknown, revoked or expired. */
  | { kind: 'rejected'; code: string; detail: string };

export interface Authenticator {
  authenticate(req: Request): Promise<AuthOutcome>;
  /** Lets the gateway drop cached credentials as soon as it proxies a logout or a revocation. */
  afterResponse?(req: Request, status: number): void;
  close?(): Promise<void>;
}

/** Placeholder until identity-backed authentication lands: every credential is rejected. */
export class NoAuthenticator implements Authenticator {
  async authenticate(req: Request): Promise<AuthOutcome> {
    if (req.header('authorization') || req.header('cookie')) {
      return { kind: 'rejected', code: 'invalid_credentials', detail: 'Credentials are not accepted.' };
    }
    return { kind: 'none' };
  }
}
