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

export class AssertionCache {
  private readonly entries = new Map<string, { token: string; madeAt: number }>();

  constructor(private readonly secret: string) {}

  tokenFor(identity: Identity): string {
    const key = JSON.stringify([identity.via, identity.userId, identity.keyId, identity.sessionId, identity.embedTokenId, identity.embedOrganizationId, identity.scopes, identity.roles]);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.madeAt < REUSE_MS) return hit.token;
    const token = signAssertion(identity, this.secret);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { token, madeAt: now });
    return token;
  }
}
