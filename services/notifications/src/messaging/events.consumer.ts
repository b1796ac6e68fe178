/**
 * events.v1: regatta snapshots and fleets feed the projections; a notice posted, amended or withdrawn
 * on the notice board reaches every entrant, a race rescheduled, postponed or abandoned the entrants
 * of its fleet.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type Event } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import { fleetLabel, notifyEntrants } from '../app/decide.js';
import { forgetFleet, forgetRegatta, recordFleet, recordRegatta } from '../app/project.js';
import type { NotificationsContext } from '../app/resources.js';

const iso = (value: Parameters<typeof timestampDate>[0] | undefined) => (value ? timestampDate(value).toISOString() : new Date().toISOString());

function regattaOf(event: Event, organizationId: string | undefined) {
  return {
    id: event.id,
    organizationId: event.organization?.id || organizationId || null,
    slug: event.slug,
    name: event.name,
    timeZone: event.timeZone ?? null,
    status: event.status,
    sourceUpdatedAt: event.updatedAt ? timestampDate(event.updatedAt) : null,
  };
}

/** Changes of a race that its fleet hears of: a new start time, a postponement, an abandonment. */
const SCHEDULE_FIELDS = ['scheduled_start', 'status'];

export function eventsConsumer(context: NotificationsContext): ConsumerDefinition {
  const schema = context.config.DB_SCHEMA;
  return {
    name: 'events',
    topics: [TOPICS.events],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.events]);
      const eventId = fact.eventId ?? '';
      switch (payload.case) {
        case 'eventCreated':
        case 'eventUpdated':
        case 'eventCancelled': {
          const event = payload.value.event;
          if (event) await recordRegatta(client, regattaOf(event, fact.organizationId));
          return;
        }
        case 'eventDeleted':
          return forgetRegatta(client, payload.value.eventId);
        case 'fleetCreated':
        case 'fleetUpdated': {
          const fleet = payload.value.fleet;
          if (fleet) await recordFleet(client, { id: fleet.id, eventId: fleet.eventId, name: fleet.name });
          return;
        }
        case 'fleetDeleted':
          return forgetFleet(client, payload.value.fleetId);
        case 'documentAdded':
        case 'documentAmended': {
          const document = payload.value.document;
          if (!document) return;
          const amended = payload.case === 'documentAmended';
          const note = amended ? payload.value.note : undefined;
          await notifyEntrants(client, schema, { id: fact.id, eventId: document.eventId || eventId }, {
            kind: 'notice',
            action: amended ? 'amended' : 'added',
            title: document.title,
            at: amended ? iso(fact.occurredAt) : iso(document.publishedAt),
            ...(note ? { note } : {}),
          });
          return;
        }
        case 'documentWithdrawn':
          await notifyEntrants(client, schema, { id: fact.id, eventId: payload.value.eventId || eventId }, {
            kind: 'notice',
            action: 'withdrawn',
            title: payload.value.title,
            at: iso(payload.value.withdrawnAt),
            ...(payload.value.reason ? { note: payload.value.reason } : {}),
          });
          return;
        case 'raceUpdated': {
          const race = payload.value.race;
          if (!race || !payload.value.changedFields.some((field) => SCHEDULE_FIELDS.includes(field))) return;
          if (payload.value.changedFields.includes('status') && !['postponed', 'abandoned', 'scheduled'].includes(race.status)) return;
          await notifyEntrants(
            client,
            schema,
            { id: fact.id, eventId: race.eventId || eventId },
            {
              kind: 'schedule',
              race: race.name || `Race ${race.raceNumber}`,
              fleet: await fleetLabel(client, race.fleetId),
              startAt: race.scheduledStart ? timestampDate(race.scheduledStart).toISOString() : null,
              status: race.status,
            },
            race.fleetId,
          );
          return;
        }
        // A first schedule, a race removed and series say nothing to entrants.
        case 'raceScheduled':
        case 'raceDeleted':
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
