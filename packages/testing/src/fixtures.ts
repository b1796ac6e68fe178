/**
 * Building blocks for end-to-end tests: people, sessions, keys and organizations created through the
 * public API (never behind its back), with unique names so test files can share one stack.
 */
import { randomUUID } from 'node:crypto';
import { SCOPES } from '@regatta/contracts/vocabulary';
import { ApiClient, sessionCookieOf } from './api.js';

export const ALL_SCOPES = SCOPES;

export function gatewayUrl(): string {
  const url = process.env['E2E_GATEWAY_URL'];
  if (!url) throw new Error('E2E_GATEWAY_URL is not set: run tests through scripts/with-stack.ts (npm test does)');
  return url;
}

export function apiClient(): ApiClient {
  return new ApiClient(gatewayUrl());
}

export function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}

export interface Actor {
  userId: string;
  email: string;
  password: string;
  name: string;
  /** "regatta_session=<jwt>" */
  cookie: string;
  /** An API key with the requested scopes. */
  key: string;
  keyId: string;
}

/** Signs up a new user (POST /auth/signup) and returns the session cookie. */
export async function signUp(api: ApiClient, overrides: { email?: string; password?: string; name?: string } = {}) {
  const suffix = uniqueSuffix();
  const email = overrides.email ?? `sailor-${suffix}@example.org`;
  const password = overrides.password ?? `Correct-horse-${suffix}`;
  const name = overrides.name ?? `Sailor ${suffix}`;
  const response = await api.post('/api/v1/auth/signup', { email, password, name });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${response.text}`);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('signup set no session cookie');
  return { userId: response.body.data.user.id as string, email, password, name, cookie };
}

/** Creates an API key with a session (POST /keys). */
export async function createApiKey(api: ApiClient, cookie: string, body: { name?: string; scopes?: string[]; expiresInDays?: number } = {}) {
  const response = await api.post('/api/v1/keys', { name: body.name ?? `key ${uniqueSuffix()}`, ...body }, { cookie });
  if (response.status !== 201) throw new Error(`key creation failed: ${response.status} ${response.text}`);
  return { key: response.body.data.apiKey as string, keyId: response.body.data.id as string };
}

/** A new user with a session and a key holding `scopes` (default: all). */
export async function newActor(api: ApiClient, scopes: readonly string[] = ALL_SCOPES): Promise<Actor> {
  const user = await signUp(api);
  const { key, keyId } = await createApiKey(api, user.cookie, { scopes: [...scopes] });
  return { ...user, key, keyId };
}

/** Creates an organization (the actor becomes its admin) and returns its detail record. */
export async function createOrganization(api: ApiClient, actor: Actor, body: Record<string, unknown> = {}) {
  const suffix = uniqueSuffix();
  const response = await api.post(
    '/api/v1/organizations',
    { name: `Test Yacht Club ${suffix}`, type: 'yacht-club', address: { city: 'Annapolis', state: 'MD', country: 'US' }, ...body },
    { key: actor.key },
  );
  if (response.status !== 201) throw new Error(`organization creation failed: ${response.status} ${response.text}`);
  return response.body.data as { id: string; slug: string; name: string };
}
