/** Request schemas (zod) of the webhook subscription routes. */
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../domain/catalogue.js';

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

export const listQuery = z.strictObject({ organizationId: z.uuid().optional() });
