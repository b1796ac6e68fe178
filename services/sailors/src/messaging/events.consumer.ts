/** events.v1 event.created/updated/cancelled/deleted → regattas; fleet.created/updated/deleted → fleets (app/project-event.ts). */
import { TOPICS, factPayloadOn, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectEvent, projectEventDeleted, projectFleet, projectFleetDeleted } from '../app/project-event.js';

export function eventsConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'regattas',
    topics: [TOPICS.events],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.events]);
      switch (payload.case) {
        case 'eventCreated':
        case 'eventUpdated':
        case 'eventCancelled':
          return payload.value.event ? projectEvent(client, payload.value.event) : undefined;
        case 'eventDeleted':
          return projectEventDeleted(client, payload.value);
        case 'fleetCreated':
        case 'fleetUpdated':
          return payload.value.fleet ? projectFleet(client, payload.value.fleet) : undefined;
        case 'fleetDeleted':
          return projectFleetDeleted(client, payload.value.fleetId);
        // Races, documents and series are not part of a sailor's record.
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
