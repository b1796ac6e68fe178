/**
 * Consumes events.v1 (event.created / event.updated) into org_events: decodes the Event snapshot and
 * records it (app/record-event.ts); event.deleted forgets it. Other fact types on the topic (fleets,
 * races, documents, series) are not needed here and are skipped, each by name.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type Event, type Fact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { forgetEvent, recordEvent } from '../app/record-event.js';
import type { ProjectedEvent } from '../domain/calendar.js';

function parseSettings(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined || text.length === 0) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The projection row for an Event snapshot, or undefined when the snapshot lacks what it needs. */
export function projectEvent(event: Event, fact: Pick<Fact, 'organizationId'>): ProjectedEvent | undefined {
  const organizationId = event.organization?.id || fact.organizationId;
  if (!organizationId || !event.id || !event.startDate) return undefined;
  const startDate = timestampDate(event.startDate);
  return {
    id: event.id,
    organizationId,
    organizationSlug: event.organization?.slug || null,
    organizationName: event.organization?.name || null,
    slug: event.slug,
    name: event.name,
    description: event.description ?? null,
    venue: event.venue ?? null,
    address: event.address ?? null,
    startDate,
    endDate: event.endDate ? timestampDate(event.endDate) : startDate,
    registrationOpen: event.registrationOpen ? timestampDate(event.registrationOpen) : null,
    registrationClose: event.registrationClose ? timestampDate(event.registrationClose) : null,
    status: event.status,
    entryFee: event.entryFee ?? null,
    currency: event.currency || 'USD',
    maxParticipants: event.maxParticipants ?? null,
    settings: parseSettings(event.settingsJson),
    sourceUpdatedAt: event.updatedAt ? timestampDate(event.updatedAt) : null,
  };
}

export function eventsConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'events-projection',
    topics: [TOPICS.events],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.events]);
      switch (payload.case) {
        case 'eventDeleted':
          return forgetEvent(client, payload.value.eventId);
        // event.cancelled carries the snapshot like an update.
        case 'eventCreated':
        case 'eventUpdated':
        case 'eventCancelled': {
          const event = payload.value.event;
          if (!event) return;
          const projected = projectEvent(event, fact);
          if (!projected) {
            context.logger.warn({ factId: fact.id, type: fact.type }, 'event snapshot without organization or start date; skipped');
            return;
          }
          return recordEvent(client, projected);
        }
        // Fleets, races, documents and series are not part of an organization's calendar.
        case 'fleetCreated':
        case 'fleetUpdated':
        case 'fleetDeleted':
        case 'raceScheduled':
        case 'raceUpdated':
        case 'raceDeleted':
        case 'documentAdded':
        case 'documentAmended':
        case 'documentWithdrawn':
        case 'seriesCreated':
        case 'seriesUpdated':
        case 'seriesDeleted':
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
