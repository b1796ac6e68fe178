/** The embed token shape, as the OpenAPI document states it (the hash is never shown). */
import type { EmbedTokenRow } from '../app/records.js';
import { iso } from './format.js';

export const embedTokenView = (token: EmbedTokenRow) => ({
  id: token.id,
  organizationId: token.organization_id,
  name: token.name,
  tokenPrefix: token.token_prefix,
  allowedOrigins: token.allowed_origins,
  active: token.active,
  createdAt: token.created_at.toISOString(),
  lastUsedAt: iso(token.last_used_at),
});
