/**
 * Calls to another service's /internal routes: an anonymous identity assertion (every service
 * demands one) and the notifications service's own token (issuer "regatta-notifications", the
 * routes' audience), renewed every 30 s; 404 answers no body, any other failure throws.
 */
import { ASSERTION_HEADER, SERVICE_TOKEN_HEADER, signAssertion, signServiceToken } from '@regatta/http';

export type InternalCall = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: number; body: T | undefined }>;

export function internalCaller(settings: { baseUrl: string; assertionSecret: string; timeoutMs: number; service: string; audience: string }): InternalCall {
  let cached: { headers: Record<string, string>; until: number } | undefined;
  const headers = () => {
    if (!cached || cached.until < Date.now()) {
      cached = {
        until: Date.now() + 30_000,
        headers: {
          [ASSERTION_HEADER]: signAssertion({ scopes: [], roles: {}, via: 'anonymous' }, settings.assertionSecret),
          [SERVICE_TOKEN_HEADER]: signServiceToken(settings.assertionSecret, { issuer: 'regatta-notifications', audience: settings.audience }),
          'content-type': 'application/json',
        },
      };
    }
    return cached.headers;
  };
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(new URL(path, settings.baseUrl), {
      method,
      headers: headers(),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (response.status === 404) return { status: 404, body: undefined };
    if (!response.ok) throw new Error(`${settings.service} answered ${response.status} to ${method} ${path}`);
    return { status: response.status, body: (await response.json()) as T };
  };
}

/** Asks `lookUp` about `ids` 500 at a time (the internal routes' limit) and keys the answers. */
export async function lookUpInChunks<T>(ids: readonly string[], lookUp: (chunk: string[]) => Promise<T[]>, keyOf: (found: T) => string): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  for (let index = 0; index < ids.length; index += 500) {
    for (const item of await lookUp(ids.slice(index, index + 500))) found.set(keyOf(item), item);
  }
  return found;
}
