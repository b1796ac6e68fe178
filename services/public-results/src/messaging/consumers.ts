/** One consumer of every topic that carries something public; each fact goes to the projection use case. */
import { TOPICS } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import { projectFact } from '../app/project-fact.js';

export function consumers(): ConsumerDefinition[] {
  return [
    {
      name: 'public-read-model',
      topics: [TOPICS.organizations, TOPICS.events, TOPICS.registrations, TOPICS.results],
      handle: (client, fact) => projectFact(client, fact),
    },
  ];
}
