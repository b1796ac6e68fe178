/**
 * One consumer of every topic that carries something public; each fact goes to the projection use
 * case (app/project-fact.ts), whose one exhaustive switch over the payload case decodes it.
 */
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { PUBLIC_TOPICS, projectFact } from '../app/project-fact.js';

export function readModelConsumer(_context: ServiceContext): ConsumerDefinition {
  return {
    name: 'public-read-model',
    topics: [...PUBLIC_TOPICS],
    handle: (client, fact) => projectFact(client, fact),
  };
}
