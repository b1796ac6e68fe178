/**
 * Who is calling. The gateway turns a bearer API key, a session cookie or an embed token into a
 * Principal; services receive only the signed assertion made from it.
 *
 * Credentials are resolved by identity (internal endpoint, by hash) and cached here for
 * CREDENTIAL_CACHE_TTL_MS. Cache entries are tagged with the key, session, embed token and user they
 * depend on; identity announces revocations, logouts, deactivations and role changes on a Redis
 * channel (all replicas) and in a response header (the replica that proxied the change), and the
 * matching entries are dropped at once. While the channel is down entries live at most 1 s.
 */
import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Redis } from 'ioredis';
import { SCOPES, type Identity } from '@regatta/http';
import type { Logger } from '@regatta/logging';
import { TaggedCache } from './cache.js';
import { credentialSource, presentedCredential, type PresentedCredential } from './credentials.js';
import type { IdentityClient, ResolveRequest, Resolved } from './identity-client.js';
import type { LastUsedRecorder } from './last-used.js';

export interface Principal extends Identity {
  /** Requests per hour for key-authenticated calls; undefined for sessions and embed tokens. */
  rateLimit?: number;
  /** Allowed browser origins of an embed token. */
  allowedOrigins?: string[];
  /** When the key or session stops being valid (ms since epoch). */
  expiresAt?: number;
}

export type AuthOutcome =
  | { kind: 'none' }
  | { kind: 'authenticated'; principal: Principal }
  /** Credentials were presented but are malformed, unknown, revoked or expired. */
  | { kind: 'rejected'; code: string; detail: string };

/** A request as the gateway hands it over (node:http, with the id and principal it gave it). */
export type GatewayRequest = IncomingMessage & { id?: string; originalUrl?: string; principal?: Principal };

export interface Authenticator {
  authenticate(req: GatewayRequest): Promise<AuthOutcome>;
  /** The outcome when it needs no I/O (cached credentials), else undefined; optional. */
  authenticateNow?(req: GatewayRequest): AuthOutcome | undefined;
  /** Lets the gateway drop cached credentials as soon as it proxies a logout or a revocation. */
  afterResponse?(req: GatewayRequest, status: number): void;
  /** Drops cached credentials tagged "key:<id>", "session:<id>", "user:<id>" or "embed:<id>". */
  invalidate?(targets: string[]): void;
  /** Asks identity for a user's current roles (waiting for a just-created organization) and drops their cache. */
  refreshUser?(userId: string, awaitOrganization?: string): Promise<boolean>;
  close?(): Promise<void>;
}

export interface IdentityAuthenticatorSettings {
  client: IdentityClient;
  sessionSecret: string;
  cacheTtlMs: number;
  negativeTtlMs: number;
  maxEntries: number;
  logger: Logger;
  lastUsed?: LastUsedRecorder;
  /** A dedicated (subscriber-mode) Redis connection for invalidations. */
  subscriber?: Redis;
  channel?: string;
}

type CacheValue = { principal: Principal } | { missing: true };

/** Bearer header readings remembered at most (then forgotten all at once). */
const MAX_PRESENTED_KEYS = 10_000;

function cacheKeyOf(presented: PresentedCredential & { kind: 'key' | 'session' | 'embed' }): string {
  return presented.kind === 'key' ? `k:${presented.hash}` : presented.kind === 'embed' ? `e:${presented.hash}` : `s:${presented.sessionId}`;
}

export function principalOf(resolved: Resolved): Principal {
  switch (resolved.type) {
    case 'key':
      return {
        via: 'key',
        userId: resolved.userId,
        keyId: resolved.keyId,
        scopes: resolved.scopes,
        roles: resolved.roles,
        rateLimit: resolved.rateLimit,
        ...(resolved.expiresAt ? { expiresAt: Date.parse(resolved.expiresAt) } : {}),
      };
    case 'session':
      // A person acting in the browser has every scope; organization roles still bound what they may do.
      return {
        via: 'session',
        userId: resolved.userId,
        sessionId: resolved.sessionId,
        scopes: [...SCOPES],
        roles: resolved.roles,
        expiresAt: Date.parse(resolved.expiresAt),
      };
    case 'embed':
      return {
        via: 'embed',
        embedTokenId: resolved.embedTokenId,
        embedOrganizationId: resolved.organizationId,
        scopes: ['read'],
        roles: {},
        allowedOrigins: resolved.allowedOrigins,
      };
  }
}

/** The principal of a committee device's token: read and record (results), nothing else, no roles. */
export function devicePrincipal(hash: string): Principal {
  return { via: 'device', deviceTokenHash: hash, scopes: ['read', 'results'], roles: {} };
}

function tagsOf(principal: Principal): string[] {
  const tags: string[] = [];
  if (principal.keyId) tags.push(`key:${principal.keyId}`);
  if (principal.sessionId) tags.push(`session:${principal.sessionId}`);
  if (principal.embedTokenId) tags.push(`embed:${principal.embedTokenId}`);
  if (principal.userId) tags.push(`user:${principal.userId}`);
  return tags;
}

export class IdentityAuthenticator implements Authenticator {
  private readonly cache: TaggedCache<CacheValue>;
  private readonly inflight = new Map<string, Promise<CacheValue>>();
  private readonly presentedKeys = new Map<string, PresentedCredential>();
  /** Bumped by every invalidation: a lookup that started before one is used but not cached. */
  private generation = 0;
  private channelReady = false;

  constructor(private readonly settings: IdentityAuthenticatorSettings) {
    this.cache = new TaggedCache(settings.maxEntries);
    const { subscriber, channel, logger } = settings;
    if (subscriber && channel) {
      subscriber.on('ready', () => {
        // Messages may have been missed while disconnected: start from an empty cache.
        this.cache.clear();
        this.generation += 1;
        this.channelReady = true;
      });
      subscriber.on('close', () => {
        this.channelReady = false;
      });
      subscriber.on('message', (_channel: string, message: string) => this.invalidate(message.split(',')));
      subscriber.subscribe(channel).catch((error: unknown) => logger.warn({ err: error }, 'could not subscribe to credential invalidations'));
    }
  }

  private ttl(): number {
    return this.channelReady ? this.settings.cacheTtlMs : Math.min(this.settings.cacheTtlMs, 1_000);
  }

  invalidate(targets: string[]): void {
    this.generation += 1;
    for (const target of targets) {
      const trimmed = target.trim();
      if (trimmed) this.cache.invalidate(trimmed);
    }
  }

  private async lookup(cacheKey: string, request: ResolveRequest, requestId: string | undefined): Promise<CacheValue> {
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    let pending = this.inflight.get(cacheKey);
    if (!pending) {
      const generation = this.generation;
      pending = this.settings.client
        .resolve(request, requestId)
        .then((resolved): CacheValue => {
          const value: CacheValue = resolved ? { principal: principalOf(resolved) } : { missing: true };
          if (generation === this.generation) {
            if ('principal' in value) this.cache.set(cacheKey, value, this.ttl(), tagsOf(value.principal));
            else this.cache.set(cacheKey, value, Math.min(this.settings.negativeTtlMs, this.ttl()));
          }
          return value;
        })
        .finally(() => this.inflight.delete(cacheKey));
      this.inflight.set(cacheKey, pending);
    }
    return pending;
  }

  /**
   * The outcome when no I/O is needed (no credential, a malformed one, or a cached one); undefined
   * when identity must be asked. The API door uses it to skip a promise per request.
   */
  authenticateNow(req: GatewayRequest): AuthOutcome | undefined {
    const presented = this.presented(req);
    if (presented.kind === 'none' || presented.kind === 'malformed' || presented.kind === 'device') return this.outcomeOf(presented, undefined);
    const cached = this.cache.get(cacheKeyOf(presented));
    return cached ? this.outcomeOf(presented, cached) : undefined;
  }

  async authenticate(req: GatewayRequest): Promise<AuthOutcome> {
    const presented = this.presented(req);
    if (presented.kind === 'none' || presented.kind === 'malformed' || presented.kind === 'device') return this.outcomeOf(presented, undefined);
    const request: ResolveRequest =
      presented.kind === 'key' ? { type: 'key', hash: presented.hash } : presented.kind === 'embed' ? { type: 'embed', hash: presented.hash } : { type: 'session', id: presented.sessionId };
    return this.outcomeOf(presented, await this.lookup(cacheKeyOf(presented), request, req.id));
  }

  /**
   * The credential a request presents. A bearer header's reading (pattern checks and its SHA-256) is
   * remembered by the header's value: a client sends the same key again and again.
   */
  private presented(req: GatewayRequest): PresentedCredential {
    const authorization = req.headers.authorization;
    if (typeof authorization !== 'string') return presentedCredential(credentialSource(req), this.settings.sessionSecret);
    let known = this.presentedKeys.get(authorization);
    if (!known) {
      known = presentedCredential(credentialSource(req), this.settings.sessionSecret);
      if (this.presentedKeys.size >= MAX_PRESENTED_KEYS) this.presentedKeys.clear();
      this.presentedKeys.set(authorization, known);
    }
    return known;
  }

  private outcomeOf(presented: PresentedCredential, value: CacheValue | undefined): AuthOutcome {
    switch (presented.kind) {
      case 'none':
        return { kind: 'none' };
      case 'malformed':
        return { kind: 'rejected', code: 'malformed_credentials', detail: presented.detail };
      case 'key': {
        if (!value || !('principal' in value)) return { kind: 'rejected', code: 'invalid_api_key', detail: 'The API key is unknown or has been revoked.' };
        const { principal } = value;
        if (principal.expiresAt !== undefined && principal.expiresAt <= Date.now()) {
          return { kind: 'rejected', code: 'api_key_expired', detail: 'The API key has expired; create a new one.' };
        }
        this.settings.lastUsed?.recordKey(principal.keyId!);
        return { kind: 'authenticated', principal };
      }
      case 'session': {
        if (!value || !('principal' in value) || value.principal.userId !== presented.userId) {
          return { kind: 'rejected', code: 'session_expired', detail: 'The session has ended; sign in again.' };
        }
        if (value.principal.expiresAt !== undefined && value.principal.expiresAt <= Date.now()) {
          return { kind: 'rejected', code: 'session_expired', detail: 'The session has ended; sign in again.' };
        }
        return { kind: 'authenticated', principal: value.principal };
      }
      case 'embed': {
        if (!value || !('principal' in value)) return { kind: 'rejected', code: 'invalid_embed_token', detail: 'The embed token is unknown or deactivated.' };
        this.settings.lastUsed?.recordEmbed(value.principal.embedTokenId!);
        return { kind: 'authenticated', principal: value.principal };
      }
      case 'device':
        // A committee device (race capture): only the operations marked for devices take it, and
        // race-capture checks the token's hash (regatta, days, revocation) on every request.
        return { kind: 'authenticated', principal: devicePrincipal(presented.hash) };
    }
  }

  afterResponse(req: GatewayRequest, status: number): void {
    const url = req.originalUrl ?? req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (req.method === 'DELETE' && path === '/api/v1/keys' && status === 200) {
      // Read as express's "simple" query parser did: exactly one id.
      const id = queryAt < 0 ? undefined : parseQuery(url.slice(queryAt + 1))['id'];
      if (typeof id === 'string') this.invalidate([`key:${id}`]);
    }
    const principal = req.principal;
    if (req.method === 'POST' && path === '/api/v1/auth/logout' && status === 204 && principal?.sessionId) {
      this.invalidate([`session:${principal.sessionId}`]);
    }
  }

  async refreshUser(userId: string, awaitOrganization?: string): Promise<boolean> {
    try {
      const fresh = await this.settings.client.freshRoles(userId, awaitOrganization);
      return fresh.projected;
    } catch (error) {
      this.settings.logger.warn({ err: error, userId }, 'could not refresh roles');
      return false;
    } finally {
      this.invalidate([`user:${userId}`]);
    }
  }

  async close(): Promise<void> {
    await this.settings.lastUsed?.stop();
    this.settings.subscriber?.disconnect();
  }
}
