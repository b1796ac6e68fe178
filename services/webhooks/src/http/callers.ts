/**
 * Webhook routes need the admin scope (API keys) and the admin role in at least one organization;
 * the organizations the caller administers come from the gateway's identity assertion.
 */
import type { Response } from 'express';
import { identityOf, problem } from '@regatta/http';
import type { WebhookAdmin } from '../app/admin.js';

export function webhookAdmin(res: Response): WebhookAdmin {
  const identity = identityOf(res);
  if (identity.via === 'anonymous') throw problem('credentials_required', 'Send an API key with the admin scope.');
  if (identity.via === 'embed') throw problem('embed_token_not_allowed', 'Embed tokens cannot manage webhooks.');
  if (identity.via === 'key' && !identity.scopes.includes('admin')) {
    throw problem('missing_scope', 'Webhook endpoints require the admin scope.', { extensions: { requiredScopes: ['admin'] } });
  }
  const organizations = Object.entries(identity.roles)
    .filter(([, role]) => role === 'admin')
    .map(([organizationId]) => organizationId);
  if (organizations.length === 0) throw problem('organization_admin_required', 'Only organization admins manage webhooks.');
  return { userId: identity.userId ?? null, roles: identity.roles, organizations };
}
