/**
 * capture.v1: a code recorded on the water against a boat (OCS, UFD, BFD, DNS, DNF, RET) reaches her
 * entrant at once; a closed day of the safety tally with boats still not signed in reaches the
 * organizing club's members, whatever their other choices.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import { notifyOrganizers, notifyRegistration } from '../app/decide.js';
import type { NotificationsContext } from '../app/resources.js';
import { ON_THE_WATER_CODES } from '../domain/kinds.js';

export function captureConsumer(context: NotificationsContext): ConsumerDefinition {
  const schema = context.config.DB_SCHEMA;
  return {
    name: 'capture',
    topics: [TOPICS.capture],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.capture]);
      const eventId = fact.eventId ?? '';
      switch (payload.case) {
        case 'finishRecorded': {
          const record = payload.value.record;
          if (!record || record.kind !== 'code' || !record.registrationId || !record.code) return;
          const code = record.code;
          if (!(ON_THE_WATER_CODES as readonly string[]).includes(code)) return;
          const at = record.at ? timestampDate(record.at).toISOString() : record.receivedAt ? timestampDate(record.receivedAt).toISOString() : null;
          await notifyRegistration(client, schema, { id: fact.id, eventId }, record.registrationId, (boat) => ({
            kind: 'penalty',
            code,
            boat: boat.boatName,
            sailNumber: boat.sailNumber ?? record.sailNumber ?? null,
            at,
          }));
          return;
        }
        case 'tallyDayClosed': {
          const missing = payload.value.misses.filter((miss) => miss.breach === 'sign_in').map((miss) => miss.sailNumber ?? miss.registrationId);
          if (missing.length === 0) return;
          await notifyOrganizers(client, schema, { id: fact.id, eventId }, { kind: 'sign_in_missing', boats: missing });
          return;
        }
        // Start signals change the race's start, which the results pages show.
        case 'raceSignalRecorded':
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
