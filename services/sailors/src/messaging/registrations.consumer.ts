/** registrations.v1 registration.* → registrations, boat registry (with ratings), sailor names (app/project-registration.ts). */
import { TOPICS, factPayload } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { projectRegistration } from '../app/project-registration.js';

export function registrationsConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'registrations',
    topics: [TOPICS.registrations],
    async handle(client, fact) {
      const registration =
        factPayload(fact, 'registrationCreated')?.registration ??
        factPayload(fact, 'registrationUpdated')?.registration ??
        factPayload(fact, 'registrationCancelled')?.registration;
      if (registration) await projectRegistration(context, client, fact, registration);
    },
  };
}
