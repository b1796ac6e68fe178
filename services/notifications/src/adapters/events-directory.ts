/**
 * Names and addresses of sailors entered by name and address without an account, asked of events
 * for each send (POST /internal/v1/registration-contacts, by registration) and kept in memory for
 * that send only. The token's audience is "regatta-events-contacts", which events' route alone
 * accepts.
 */
import type { GuestContact, GuestDirectory } from '../app/resources.js';
import { internalCaller, lookUpInChunks } from './internal-call.js';

export function createEventsDirectory(settings: { baseUrl: string; assertionSecret: string; timeoutMs: number }): GuestDirectory {
  const call = internalCaller({ ...settings, service: 'events', audience: 'regatta-events-contacts' });
  return {
    guests: (registrationIds) =>
      lookUpInChunks(
        registrationIds,
        async (chunk) => (await call<{ data: GuestContact[] }>('POST', '/internal/v1/registration-contacts', { registrationIds: chunk })).body?.data ?? [],
        (contact) => contact.registrationId,
      ),
  };
}
