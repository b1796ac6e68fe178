/**
 * Who manages webhooks: a caller with the admin role in at least one organization (http/callers.ts
 * checks the credentials and builds this), and the ownership rule every per-webhook use case applies.
 */
import { notFound, problem } from '@regatta/http';
import type { Queryable } from '@regatta/db';
import { isUuid } from '../domain/ids.js';
import type { WebhookRow } from '../domain/records.js';
import { findWebhook } from '../store/webhooks.js';

export interface WebhookAdmin {
  userId: string | null;
  /** Every role of the caller, by organization id. */
  roles: Readonly<Record<string, string>>;
  /** The organizations the caller administers (never empty). */
  organizations: readonly string[];
}

/** The webhook if the caller administers its organization: 403 for a member of it with any other role, 404 otherwise. */
export async function ownedWebhook(db: Queryable, admin: WebhookAdmin, id: unknown): Promise<WebhookRow> {
  if (!isUuid(id)) throw notFound('The webhook');
  const row = await findWebhook(db, id);
  if (!row) throw notFound('The webhook');
  if (admin.organizations.includes(row.organization_id)) return row;
  if (admin.roles[row.organization_id] !== undefined) {
    throw problem('organization_admin_required', 'Only admins of the organization manage its webhooks.');
  }
  throw notFound('The webhook');
}

/** 403 unless the caller administers `organizationId`. */
export function requireAdminOf(admin: WebhookAdmin, organizationId: string): void {
  if (!admin.organizations.includes(organizationId)) throw problem('organization_admin_required', 'You are not an admin of that organization.');
}
