/**
 * GET /events/{slug}/entry-form: what a sailor needs to enter the regatta in one form: whether
 * entries are open now (or why not), the fee, the fleets with the rating each needs and its places
 * (how many are left, counting the regatta's limit too, or only the waitlist),
 * the organizer's questions and waivers, and the caller's own active entry if she has one.
 */
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { RATING_FOR_SYSTEM } from '@regatta/contracts';
import { CERTIFICATE_KEYS, entryState, fleetAvailability, type EntryState, type FleetAvailability } from '../domain/entry-form.js';
import { questionsOf, waiversOf, type QuestionRow, type WaiverRow } from '../store/entry-form.js';
import { fleetsOf } from '../store/fleets.js';
import { activeEntryOf, registeredCounts } from '../store/registrations.js';
import type { EventWithOrgRow } from '../store/rows.js';
import { visibleEvent } from './access.js';

export interface EntryFormFleet extends FleetAvailability {
  id: string;
  name: string;
  handicapSystem: string;
  ratingKey: string | null;
  certificate: boolean;
  maxBoats: number | null;
  registered: number;
}

export interface EntryForm {
  event: EventWithOrgRow;
  state: EntryState;
  fleets: EntryFormFleet[];
  questions: QuestionRow[];
  waivers: WaiverRow[];
  myEntry: { id: string; status: string } | null;
}

export async function getEntryForm(context: ServiceContext, identity: Identity, slug: string, now: Date = new Date()): Promise<EntryForm> {
  const { pool } = context;
  const event = await visibleEvent(pool, slug, identity);
  const [fleetRows, counts, questions, waivers, mine] = await Promise.all([
    fleetsOf(pool, event.id),
    registeredCounts(pool, event.id),
    questionsOf(pool, event.id),
    waiversOf(pool, event.id),
    identity.userId ? activeEntryOf(pool, event.id, identity.userId) : Promise.resolve(undefined),
  ]);
  const fleets = fleetRows.map((fleet) => {
    const ratingKey = RATING_FOR_SYSTEM[fleet.handicap_system]?.key ?? null;
    const registered = counts.byFleet.get(fleet.id) ?? 0;
    return {
      ...fleetAvailability({ maxParticipants: event.max_participants, registered: counts.total }, { maxBoats: fleet.max_boats, registered }),
      id: fleet.id,
      name: fleet.name,
      handicapSystem: fleet.handicap_system,
      ratingKey,
      certificate: ratingKey !== null && CERTIFICATE_KEYS.includes(ratingKey),
      maxBoats: fleet.max_boats,
      registered,
    };
  });
  const state = entryState(
    { status: event.status, registrationOpen: event.registration_open, registrationClose: event.registration_close, maxParticipants: event.max_participants },
    fleets,
    now,
  );
  return { event, state, fleets, questions, waivers, myEntry: mine ?? null };
}
