/**
 * GET /events/{slug}/registrations: the entries (cancelled left out unless asked for) with their
 * waitlist positions; payment, crew and contacts only for organizers and the entry's own sailor.
 */
import type { RegistrationStatus } from '@regatta/contracts';
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { LISTED_REGISTRATION_STATUSES, standingOf } from '../domain/registrations.js';
import { pendingWaivers, type Question, type Waiver } from '../domain/entry-form.js';
import { questionsOf, waiversOf } from '../store/entry-form.js';
import { findFleet } from '../store/fleets.js';
import { registrationsOf, waitlistOf } from '../store/registrations.js';
import type { RegistrationDetailRow } from '../store/rows.js';
import { isOrganizer, visibleEvent } from './access.js';
import type { LazyInput } from './input.js';

export interface ListRegistrationsInput {
  status?: RegistrationStatus | undefined;
  fleet?: string | undefined;
  limit: number;
  offset: number;
}

export interface ListedEntry {
  registration: RegistrationDetailRow;
  waitlistPosition: number | null;
  /** Whether the caller may see payment, crew and contacts of this entry. */
  showPrivate: boolean;
  /** The waivers this (active) entry has not accepted in their current version; empty unless private. */
  pending: Waiver[];
}

export async function listRegistrations(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  readInput: LazyInput<ListRegistrationsInput>,
): Promise<{
  event: { slug: string; name: string };
  entries: ListedEntry[];
  pagination: { limit: number; offset: number; hasMore: boolean };
  /** The entry form (questions and waivers), for the export's answer and acceptance columns. */
  form: { questions: Question[]; waivers: Waiver[] };
}> {
  const { pool } = context;
  const event = await visibleEvent(pool, slug, identity);
  const input = readInput();
  let fleetId: string | undefined;
  if (input.fleet) {
    const fleet = await findFleet(pool, event.id, input.fleet);
    if (!fleet) throw problem('unknown_fleet', `The event has no fleet ${input.fleet}.`, { errors: [{ field: 'query.fleet', message: 'no such fleet in this event' }] });
    fleetId = fleet.id;
  }
  const organizer = isOrganizer(identity, event);
  const rows = await registrationsOf(pool, event.id, {
    statuses: input.status ? [input.status] : [...LISTED_REGISTRATION_STATUSES],
    ...(fleetId ? { fleetId } : {}),
    limit: input.limit,
    offset: input.offset,
  });
  const [waitlist, questions, waivers] = await Promise.all([waitlistOf(pool, event.id), questionsOf(pool, event.id), waiversOf(pool, event.id)]);
  const positions = new Map(waitlist.map((entry, index) => [entry.id, index + 1]));
  const entries = rows.slice(0, input.limit).map((registration) => {
    const showPrivate = standingOf(organizer, identity.userId, { userId: registration.user_id, submittedBy: registration.submitted_by }) !== 'none';
    const active = registration.status === 'registered' || registration.status === 'waitlisted';
    return {
      registration,
      waitlistPosition: positions.get(registration.id) ?? null,
      showPrivate,
      pending: showPrivate && active ? pendingWaivers(waivers, registration.waiver_acceptances) : [],
    };
  });
  return {
    event: { slug: event.slug, name: event.name },
    entries,
    pagination: { limit: input.limit, offset: input.offset, hasMore: rows.length > input.limit },
    form: { questions, waivers },
  };
}
