/**
 * Facts to public webhook events. Each public event type is the fact of the same name;
 * the envelope is {id: fact id, event: fact type, createdAt: fact occurredAt, data: payload JSON}.
 */
import {
  WEBHOOK_EVENT_TYPES,
  factToWebhookEnvelope,
  isWebhookEventType,
  type Fact,
  type WebhookEventType,
} from '@regatta/contracts';

export { WEBHOOK_EVENT_TYPES, isWebhookEventType, type WebhookEventType };

/** The debugging event sent by POST /webhooks/{id}/ping (not a public type; cannot be subscribed). */
export const PING_EVENT = 'ping';

/** The regatta id a fact is about, from the envelope or the payload. */
export function regattaIdOf(fact: Fact): string | undefined {
  if (fact.eventId) return fact.eventId;
  const payload = fact.payload;
  switch (payload.case) {
    case 'eventCreated':
    case 'eventUpdated':
    case 'eventCancelled':
      return payload.value.event?.id || undefined;
    case 'eventDeleted':
    case 'fleetDeleted':
    case 'raceDeleted':
    case 'documentWithdrawn':
      return payload.value.eventId || undefined;
    case 'raceScheduled':
      return payload.value.race?.eventId || undefined;
    case 'registrationCreated':
    case 'registrationUpdated':
    case 'registrationCancelled':
      return payload.value.registration?.eventId || undefined;
    case 'resultsUpdated':
    case 'resultsPublished':
    case 'raceStarted':
    case 'raceCompleted':
    case 'standingsUpdated':
      return payload.value.eventId || undefined;
    default:
      return undefined;
  }
}

/** The organization a fact belongs to when the fact itself says so (envelope or event snapshot). */
export function organizationIdOf(fact: Fact): string | undefined {
  if (fact.organizationId) return fact.organizationId;
  const payload = fact.payload;
  if (payload.case === 'eventCreated' || payload.case === 'eventUpdated' || payload.case === 'eventCancelled') return payload.value.event?.organization?.id || undefined;
  if (payload.case === 'eventDeleted' || payload.case === 'seriesDeleted') return payload.value.organizationId || undefined;
  if (payload.case === 'seriesUpdated') return payload.value.series?.organizationId || undefined;
  return undefined;
}

export interface OutgoingMessage {
  id: string;
  event: WebhookEventType;
  /** The exact JSON body sent on every attempt. */
  body: string;
  createdAt: Date;
}

/** The message for a fact, or undefined when the fact is not a public event. */
export function messageForFact(fact: Fact): OutgoingMessage | undefined {
  if (!isWebhookEventType(fact.type)) return undefined;
  const envelope = factToWebhookEnvelope(fact);
  return { id: envelope.id, event: fact.type, body: JSON.stringify(envelope), createdAt: new Date(envelope.createdAt) };
}

export function pingBody(messageId: string, webhookId: string, at: Date): string {
  return JSON.stringify({ id: messageId, event: PING_EVENT, createdAt: at.toISOString(), data: { webhookId, message: 'ping' } });
}
