/** Request schemas (zod) and response shaping for the webhook routes. */
import { z } from 'zod';
import { queryOffset } from '@regatta/http';
import { WEBHOOK_EVENT_TYPES } from '../domain/catalogue.js';
import type { AttemptRow } from '../store/deliveries.js';
import type { WebhookRow } from '../store/webhooks.js';

const eventName = z.enum(WEBHOOK_EVENT_TYPES, {
  error: (issue) => `unknown event type ${JSON.stringify(issue.input)}; one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});
const eventList = z
  .array(eventName)
  .min(1, 'at least one event type')
  .max(50)
  .transform((events) => [...new Set(events)]);

export const createWebhookBody = z.strictObject({
  url: z.string().min(1).max(2048),
  events: eventList,
  /** Required when the caller administers several organizations. */
  organizationId: z.uuid().optional(),
});

export const updateWebhookBody = z.strictObject({
  url: z.string().min(1).max(2048).optional(),
  events: eventList.optional(),
  active: z.boolean().optional(),
});

const uuid = z.uuid();
/** Path ids: one that is not a uuid cannot name anything, so it is the same 404 as an unknown one. */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}

export const listQuery = z.strictObject({ organizationId: z.uuid().optional() });

export const deliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: queryOffset(), // 0..MAX_OFFSET (1,000,000,000)
});

export interface WebhookRecord {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  lastTriggeredAt: string | null;
  failureCount: number;
  createdAt: string;
}

export function webhookRecord(row: WebhookRow): WebhookRecord {
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

export function deliveryRecord(row: AttemptRow) {
  return {
    id: row.id,
    messageId: row.message_id,
    event: row.event_type,
    trigger: row.kind === 'event' ? (row.attempt === 1 ? 'event' : 'retry') : row.kind,
    attempt: row.attempt,
    success: row.success,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: row.attempted_at.toISOString(),
  };
}
