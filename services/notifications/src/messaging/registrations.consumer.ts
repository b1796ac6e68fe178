/**
 * registrations.v1: each snapshot keeps the entries projection; the entrant hears that the entry is
 * confirmed, waitlisted, promoted from the waitlist, cancelled or moved by someone else, and the organizing club's members
 * hear of a new entry or a withdrawal (domain/entry-change.ts).
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type Registration } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import { notifyOrganizers, notifyUser } from '../app/decide.js';
import { recordEntry } from '../app/project.js';
import type { NotificationsContext } from '../app/resources.js';
import { entrantNews, organizerNews, type EntrantNews, type RegistrationChange } from '../domain/entry-change.js';

export function registrationsConsumer(context: NotificationsContext): ConsumerDefinition {
  const schema = context.config.DB_SCHEMA;
  return {
    name: 'registrations',
    topics: [TOPICS.registrations],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.registrations]);
      let registration: Registration | undefined;
      let change: RegistrationChange;
      switch (payload.case) {
        case 'registrationCreated':
          registration = payload.value.registration;
          change = { fact: 'created', status: registration?.status ?? '', previousStatus: null, promotedFromWaitlist: false };
          break;
        case 'registrationUpdated':
          registration = payload.value.registration;
          change = {
            fact: 'updated',
            status: registration?.status ?? '',
            previousStatus: payload.value.previousStatus || null,
            promotedFromWaitlist: payload.value.promotedFromWaitlist,
            changedFields: payload.value.changedFields,
            byEntrant: !!fact.actorUserId && fact.actorUserId === registration?.userId,
          };
          break;
        case 'registrationCancelled':
          registration = payload.value.registration;
          change = { fact: 'cancelled', status: 'cancelled', previousStatus: payload.value.previousStatus || null, promotedFromWaitlist: false };
          break;
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
      if (!registration) return;
      const { applied } = await recordEntry(client, {
        registrationId: registration.id,
        eventId: registration.eventId,
        fleetId: registration.fleetId,
        userId: registration.userId,
        boatId: registration.boat?.id || null,
        boatName: registration.boat?.name ?? '',
        sailNumber: registration.boat?.sailNumber ?? null,
        status: registration.status,
        sourceUpdatedAt: registration.updatedAt ? timestampDate(registration.updatedAt) : null,
      });
      // An older snapshot arriving after a newer one (a replay) tells nobody anything new.
      if (!applied) return;
      const ref = { id: fact.id, eventId: registration.eventId };
      const boat = registration.boat?.name ?? '';
      const fleet = registration.fleetName;
      const forEntrant = entrantNews(change);
      if (forEntrant) await notifyUser(client, schema, ref, { userId: registration.userId, registrationId: registration.id }, entryNews(forEntrant, registration));
      const forOrganizers = organizerNews(change);
      if (forOrganizers) {
        const news = { kind: 'organizer_entry' as const, change: forOrganizers, boat, sailor: registration.sailorName ?? '', fleet };
        await notifyOrganizers(client, schema, ref, news, { hour: context.config.NOTIFY_DIGEST_HOUR, now: new Date() });
      }
    },
  };
}

/** The entrant's message: a moved entry names its boat with the sail number and says when it waits. */
function entryNews(status: EntrantNews, registration: Registration) {
  const name = registration.boat?.name ?? '';
  if (status !== 'moved') return { kind: 'entry' as const, status, boat: name, fleet: registration.fleetName };
  const sail = registration.boat?.sailNumber;
  const boat = sail ? `${name} (${sail})` : name;
  return { kind: 'entry' as const, status, boat, fleet: registration.fleetName, ...(registration.status === 'waitlisted' ? { waiting: true } : {}) };
}
