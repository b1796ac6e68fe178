/** events.v1 event.created/updated/cancelled/deleted → regattas; fleet.created/updated/deleted → fleets (app/project-event.ts). */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectEvent, projectEventDeleted, projectFleet, projectFleetDeleted } from '../app/project-event.js';

export function eventsConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'regattas',
    topics: [TOPICS.events],
    async handle(client, fact) {
      const event = factPayload(fact, 'eventCreated')?.event ?? factPayload(fact, 'eventUpdated')?.event ?? factPayload(fact, 'eventCancelled')?.event;
      if (event) return projectEvent(client, event);
      const fleet = factPayload(fact, 'fleetCreated')?.fleet ?? factPayload(fact, 'fleetUpdated')?.fleet;
      if (fleet) return projectFleet(client, fleet);
      const deleted = factPayload(fact, 'fleetDeleted');
      if (deleted) return projectFleetDeleted(client, deleted.fleetId);
      const eventDeleted = factPayload(fact, 'eventDeleted');
      if (eventDeleted) await projectEventDeleted(client, eventDeleted);
    },
  };
}
