/** A webhook as the API shows it (the signing secret only once, in the creation response). */
import type { WebhookRow } from '../domain/records.js';

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  lastTriggeredAt: string | null;
  failureCount: number;
  createdAt: string;
}

export function webhookView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    lastTriggeredAt: row.last_triggered_at ? row.last_triggered_at.toISOString() : null,
    failureCount: row.failure_count,
    createdAt: row.created_at.toISOString(),
  };
}

export function createdWebhookView(row: WebhookRow, secret: string) {
  return { id: row.id, url: row.url, events: row.events, active: row.active, createdAt: row.created_at.toISOString(), secret };
}
