/** registrations.v1 registration.* → registrations, boat registry (with ratings), sailor names (app/project-registration.ts). */
import { TOPICS, factPayloadOn, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectRegistration } from '../app/project-registration.js';

export function registrationsConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'registrations',
    topics: [TOPICS.registrations],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.registrations]);
      switch (payload.case) {
        case 'registrationCreated':
        case 'registrationUpdated':
        case 'registrationCancelled':
          return payload.value.registration ? projectRegistration(context, client, fact, payload.value.registration) : undefined;
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
