/** An entry of an event the caller may see, with how the caller stands towards it (403 when not at all). */
import { notFound, type Identity } from '@regatta/http';
import type { Queryable } from '@regatta/db';
import { standingOf, type Standing } from '../domain/registrations.js';
import { registrationDetail } from '../store/registrations.js';
import type { EventWithOrgRow, RegistrationDetailRow } from '../store/rows.js';
import { isOrganizer, notAMemberOfEvent, visibleEvent } from './access.js';

export interface EntryInEvent {
  event: EventWithOrgRow;
  registration: RegistrationDetailRow;
  standing: Exclude<Standing, 'none'>;
}

export async function entryOf(db: Queryable, identity: Identity, slug: string, registrationId: string): Promise<EntryInEvent> {
  const event = await visibleEvent(db, slug, identity);
  const registration = await registrationDetail(db, event.id, registrationId);
  if (!registration) throw notFound(`Registration ${registrationId}`);
  const standing = standingOf(isOrganizer(identity, event), identity.userId, { userId: registration.user_id, submittedBy: registration.submitted_by });
  if (standing === 'none') throw notAMemberOfEvent(event, (org) => `Only the sailor or members of the organization ${org} may change this registration.`);
  return { event, registration, standing };
}
