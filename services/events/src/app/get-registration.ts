/**
 * GET /events/{slug}/registrations/{id}: one entry with everything private about it (contacts,
 * ages, answers, waiver acceptances, the waivers still to accept, the waitlist position), for the
 * sailor, whoever entered for her, and the organizer's members; 403 `not_a_member` for anyone else.
 */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { pendingWaivers, type Waiver } from '../domain/entry-form.js';
import { standingOf } from '../domain/registrations.js';
import { questionsOf, waiversOf, type QuestionRow } from '../store/entry-form.js';
import { registrationDetail, waitlistOf } from '../store/registrations.js';
import type { EventWithOrgRow, RegistrationDetailRow } from '../store/rows.js';
import { isOrganizer, notAMemberOfEvent, visibleEvent } from './access.js';

export interface EntryDetail {
  event: EventWithOrgRow;
  registration: RegistrationDetailRow;
  waitlistPosition: number | null;
  questions: QuestionRow[];
  waivers: Waiver[];
  pending: Waiver[];
}

export async function getRegistration(context: ServiceContext, identity: Identity, slug: string, registrationId: string): Promise<EntryDetail> {
  const { pool } = context;
  const event = await visibleEvent(pool, slug, identity);
  const registration = await registrationDetail(pool, event.id, registrationId);
  if (!registration) throw notFound(`Registration ${registrationId}`);
  const standing = standingOf(isOrganizer(identity, event), identity.userId, { userId: registration.user_id, submittedBy: registration.submitted_by });
  if (standing === 'none') throw notAMemberOfEvent(event, (org) => `Only the sailor or members of the organization ${org} may see this entry.`);
  const [waitlist, questions, waivers] = await Promise.all([waitlistOf(pool, event.id), questionsOf(pool, event.id), waiversOf(pool, event.id)]);
  const index = waitlist.findIndex((entry) => entry.id === registration.id);
  const active = registration.status === 'registered' || registration.status === 'waitlisted';
  return {
    event,
    registration,
    waitlistPosition: index >= 0 ? index + 1 : null,
    questions,
    waivers,
    pending: active ? pendingWaivers(waivers, registration.waiver_acceptances) : [],
  };
}
