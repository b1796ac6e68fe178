/** One consumer of every topic that carries something public; each fact goes to the projection use case (app/project-fact.ts). */
import { TOPICS } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectFact } from '../app/project-fact.js';

export function readModelConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'public-read-model',
    topics: [TOPICS.organizations, TOPICS.events, TOPICS.registrations, TOPICS.results],
    handle: (client, fact) => projectFact(client, fact),
  };
}
