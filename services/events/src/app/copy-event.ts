/**
 * POST /events/{slug}/copy ("copy last year's event"): a new draft regatta of the same organization
 * with the source's settings, fleets (scoring and handicap set-up), races and documents in force, every
 * date moved by the same whole number of days (domain/copy-dates.ts), created in one transaction with
 * the facts creating them one by one would publish (event.created, fleet.created, race.scheduled,
 * document.added), so every other service sees the copy as any other regatta, and the entry form
 * (questions, and waivers again at version 1). Entries, results,
 * protests and the source's series are not copied; each document starts again at version 1 with the
 * text of the version in force. Who may: as for POST /events, a member of the organization (the
 * source must be visible to the caller: 404, then 403 `not_a_member`).
 */
import { randomUUID } from 'node:crypto';
import { isTimeZone, slugBaseWithYear } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { notFound, validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { copiedDates, shiftByDays, type WantedDay } from '../domain/copy-dates.js';
import { insertDocument } from '../store/documents.js';
import { insertQuestion, insertWaiver, questionsOf, waiversOf } from '../store/entry-form.js';
import { eventDetail, type EventDetailRows } from '../store/event-detail.js';
import { insertEvent } from '../store/events.js';
import { insertFleet } from '../store/fleets.js';
import { insertRace } from '../store/races.js';
import { actingUser, writableEvent } from './access.js';
import { documentAddedFact, eventCreatedFact, fleetCreatedFact, raceScheduledFact } from './facts.js';
import { withFreeSlug } from './free-slug.js';
import type { LazyInput } from './input.js';
import { orgRef } from './organizations.js';

export interface CopyEventInput {
  name: string;
  slug?: string | undefined;
  /** The copy's start day; every date moves by the days from the source's start day to it. */
  startDate: WantedDay;
  /** The copy's end day, when its length changes (default: the source's end moved like the start). */
  endDate?: WantedDay | undefined;
}

/** What a copy holds besides the event, and what its answer shows (as GET /events/{slug}?include=...). */
export const COPIED_PARTS: ReadonlySet<string> = new Set(['fleets', 'races', 'documents']);

export interface CopyOutcome {
  copy: EventDetailRows;
  source: { slug: string; name: string };
  offsetDays: number;
}

export async function copyEvent(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  readInput: LazyInput<CopyEventInput>,
  requestId: string,
): Promise<CopyOutcome> {
  const userId = actingUser(identity);
  const found = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  // One statement: the event with its fleets, races and documents in force, as of one moment.
  const source = await eventDetail(context.pool, found.slug, COPIED_PARTS);
  if (!source) throw notFound(`Event ${slug}`);
  const { event } = source;
  const fleets = source.fleets ?? [];
  const races = source.races ?? [];
  const documents = source.documents ?? [];
  // The venue's days and times of day; UTC when it has no time zone (or one this runtime no longer knows).
  const zone = event.time_zone !== null && isTimeZone(event.time_zone) ? event.time_zone : null;
  const dates = copiedDates(
    { startDate: event.start_date, endDate: event.end_date, registrationOpen: event.registration_open, registrationClose: event.registration_close, timeZone: zone },
    input,
    races.flatMap((race) => (race.scheduled_start ? [race.scheduled_start] : [])),
  );
  if (dates.problems.length > 0) throw validationFailed(dates.problems, 'The dates are not consistent.');
  const organization = orgRef(event);

  const base = input.slug ?? slugBaseWithYear(input.name, dates.startDate.getUTCFullYear());
  const copy = await withFreeSlug(input.slug, base, input.name, (copySlug) =>
    withTransaction(context.pool, async (client) => {
      const created = await insertEvent(client, {
        id: randomUUID(),
        organizationId: event.organization_id,
        name: input.name,
        slug: copySlug,
        description: event.description,
        venue: event.venue,
        address: event.address,
        startDate: dates.startDate,
        endDate: dates.endDate,
        registrationOpen: dates.registrationOpen,
        registrationClose: dates.registrationClose,
        entryFee: event.entry_fee === null ? null : event.entry_fee.toFixed(2),
        currency: event.currency,
        maxParticipants: event.max_participants,
        nor: event.nor,
        sailingInstructions: event.sailing_instructions,
        settings: event.settings,
        timeZone: event.time_zone,
        createdBy: userId,
      });
      await context.publish(client, eventCreatedFact(created, organization, requestId));

      // One millisecond apart, so the copy's fleets and documents keep the source's order.
      const at = (index: number) => new Date(created.created_at.getTime() + index);
      const fleetIds = new Map<string, string>();
      for (const [index, fleet] of fleets.entries()) {
        const { created_at: _createdAt, ...setup } = fleet;
        const inserted = await insertFleet(client, { ...setup, id: randomUUID(), event_id: created.id }, at(index));
        fleetIds.set(fleet.id, inserted.id);
        await context.publish(client, fleetCreatedFact(inserted, created.organization_id, requestId));
      }
      for (const race of races) {
        // What was planned is copied; what happened on the day (start, status, wind, conditions) is not.
        const inserted = await insertRace(client, {
          id: randomUUID(),
          event_id: created.id,
          fleet_id: fleetIds.get(race.fleet_id)!,
          name: race.name,
          race_number: race.race_number,
          scheduled_start: race.scheduled_start && shiftByDays(race.scheduled_start, dates.offsetDays, zone),
          course_description: race.course_description,
          course_distance_nm: race.course_distance_nm,
          weight: race.weight,
          must_count: race.must_count,
          discard_first: race.discard_first,
          wind_direction: null,
          wind_speed: null,
          conditions: null,
          notes: race.notes,
        });
        await context.publish(client, raceScheduledFact(inserted, created.organization_id, requestId));
      }
      for (const [index, document] of documents.entries()) {
        const inserted = await insertDocument(
          client,
          { id: randomUUID(), event_id: created.id, kind: document.kind, title: document.title, url: document.url, body: document.body },
          userId,
          at(index),
        );
        await context.publish(client, documentAddedFact(inserted, created.organization_id, requestId));
      }
      // The entry form: the same questions, and the waivers' texts in force, each again at version 1.
      for (const question of await questionsOf(client, event.id)) await insertQuestion(client, { ...question, id: randomUUID(), eventId: created.id, by: userId });
      for (const waiver of await waiversOf(client, event.id)) await insertWaiver(client, { ...waiver, id: randomUUID(), eventId: created.id, by: userId });
      return (await eventDetail(client, created.slug, COPIED_PARTS))!;
    }),
  );
  return { copy, source: { slug: event.slug, name: event.name }, offsetDays: dates.offsetDays };
}
