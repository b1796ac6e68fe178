/** events.v1 event.created/updated → regatta names, slugs and dates for history entries (app/project-event.ts). */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectEvent } from '../app/project-event.js';

export function eventsConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'regattas',
    topics: [TOPICS.events],
    async handle(client, fact) {
      const event = factPayload(fact, 'eventCreated')?.event ?? factPayload(fact, 'eventUpdated')?.event;
      if (event) await projectEvent(client, event);
    },
  };
}
