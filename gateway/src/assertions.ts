/**
 * Identity assertions reused while young: one signed JWT per distinct identity (who, which key or
 * session, scopes, roles) for up to half its 60-second life, instead of an HMAC signature per request
 * (JWT signing showed in the gateway's CPU profile). Revocation is unaffected: the gateway checks the
 * credential on every request before it attaches an assertion, and any change of roles or scopes is a
 * different identity, hence a different assertion.
 */
import { signAssertion, type Identity } from '@regatta/http';

const REUSE_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** The identity of a request without credentials (one object, so its token is found by reference). */
export const ANONYMOUS: Identity = Object.freeze({ scopes: [], roles: {}, via: 'anonymous' }) as Identity;

export class AssertionCache {
  private readonly entries = new Map<string, { token: string; madeAt: number }>();
  /**
   * By object first: the authenticator hands out the same cached principal object for a credential
   * until it is invalidated (then a new object), so most requests skip building the string key.
   */
  private readonly byObject = new WeakMap<Identity, { token: string; madeAt: number }>();

  constructor(private readonly secret: string) {}

  tokenFor(identity: Identity): string {
    const now = Date.now();
    const known = this.byObject.get(identity);
    if (known && now - known.madeAt < REUSE_MS) return known.token;
    const entry = this.lookup(identity, now);
    this.byObject.set(identity, entry);
    return entry.token;
  }

  private lookup(identity: Identity, now: number): { token: string; madeAt: number } {
    const key = JSON.stringify([identity.via, identity.userId, identity.keyId, identity.sessionId, identity.embedTokenId, identity.embedOrganizationId, identity.deviceTokenHash, identity.scopes, identity.roles]);
    const hit = this.entries.get(key);
    if (hit && now - hit.madeAt < REUSE_MS) return hit;
    const entry = { token: signAssertion(identity, this.secret), madeAt: now };
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }
}
