/**
 * What identity's use cases receive besides the shared service context. The service definition's
 * `setup` creates these once per process (service.ts); nothing here is cached by context.
 */
import type { Redis } from 'ioredis';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import type { ServiceContext } from '@regatta/runtime';
import type { identityEnv } from '../config.js';

export type IdentityContext = ServiceContext<typeof identityEnv>;

/** A credential gateways must stop trusting from their caches at once. */
export type InvalidationTarget = `key:${string}` | `session:${string}` | `user:${string}` | `embed:${string}`;

/** Tells every gateway to drop cached credentials (best effort: their cache TTL bounds staleness). */
export interface CredentialInvalidator {
  publish(targets: InvalidationTarget[]): Promise<void>;
}

export interface IdentityResources {
  /** The Redis client behind the invalidator and the login limiter (disconnected on teardown). */
  redis: Redis;
  invalidator: CredentialInvalidator;
  /** Signs session cookies (resolved once: a dev-only default outside production). */
  sessionSecret: string;
  /** Key of the account links' tokens (password reset, e-mail confirmation), derived from the session secret. */
  accountLinkKey: string;
  /** Failed logins per email + client address; falls back to process memory while Redis is down. */
  loginLimiter: RateLimiterRedis;
  cookieSecure: boolean;
}
