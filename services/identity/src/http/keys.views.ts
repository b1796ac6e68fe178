/** The API key shapes, as the OpenAPI document states them (the hash is never shown). */
import type { ApiKeyRow } from '../app/records.js';
import { iso } from './format.js';

export const keyView = (key: ApiKeyRow) => ({
  id: key.id,
  name: key.name,
  keyPrefix: key.key_prefix,
  scopes: key.scopes,
  rateLimit: key.rate_limit,
  lastUsedAt: iso(key.last_used_at),
  expiresAt: iso(key.expires_at),
  createdAt: key.created_at.toISOString(),
});

/** The 201 of a new key: its record without use and limit, plus the secret shown this once. */
export function createdKeyView(key: ApiKeyRow, secret: string) {
  const { lastUsedAt: _lastUsedAt, rateLimit: _rateLimit, ...record } = keyView(key);
  return { ...record, apiKey: secret };
}
