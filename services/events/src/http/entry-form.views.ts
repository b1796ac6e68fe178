/** The entry form, its questions and waivers, one entry with its form, and the sailor's own entries and boats, to the API's JSON. */
import type { EntryForm } from '../app/get-entry-form.js';
import type { EntryDetail } from '../app/get-registration.js';
import type { MyEntry } from '../app/my-entries.js';
import type { BoatRow, QuestionRow, WaiverRow } from '../app/records.js';
import { entryFormJson, registrationWithDetailsJson } from './registrations.views.js';

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

export function questionJson(row: QuestionRow) {
  return { id: row.id, kind: row.kind, label: row.label, choices: row.choices, required: row.required, position: row.position, updatedAt: iso(row.updatedAt) };
}

export function waiverJson(row: WaiverRow) {
  return { id: row.id, title: row.title, body: row.body, version: row.version, position: row.position, updatedAt: iso(row.updatedAt) };
}

export function entryFormViewJson(form: EntryForm) {
  const { event } = form;
  return {
    event: {
      id: event.id,
      slug: event.slug,
      name: event.name,
      startDate: iso(event.start_date),
      endDate: iso(event.end_date),
      venue: event.venue,
      organization: { slug: event.org_slug, name: event.org_name },
      entryFee: event.entry_fee === null ? null : Number(event.entry_fee).toFixed(2),
      currency: event.currency,
      registrationOpen: iso(event.registration_open),
      registrationClose: iso(event.registration_close),
      maxParticipants: event.max_participants,
    },
    entries: form.state,
    fleets: form.fleets,
    questions: form.questions.map(questionJson),
    waivers: form.waivers.map(waiverJson),
    myEntry: form.myEntry,
  };
}

/** One entry: the public view, the private fields and the entry form (the sailor and organizers only). */
export function entryDetailJson(detail: EntryDetail) {
  const row = detail.registration;
  return {
    ...registrationWithDetailsJson(row, detail.waitlistPosition),
    event: { slug: detail.event.slug, name: detail.event.name },
    paymentStatus: row.payment_status,
    crew: row.crew,
    emergencyContact: row.emergency_contact,
    specialRequirements: row.special_requirements,
    ...entryFormJson(row, detail.pending),
  };
}

export function myEntryJson({ entry, pending }: MyEntry) {
  return {
    ...registrationWithDetailsJson(entry, entry.waitlist_position),
    event: { slug: entry.event_slug, name: entry.event_name, status: entry.event_status, startDate: iso(entry.event_start_date), endDate: iso(entry.event_end_date), venue: entry.event_venue },
    pendingWaivers: pending.map((waiver) => ({ id: waiver.id, title: waiver.title, version: waiver.version })),
  };
}

export function myBoatJson(boat: BoatRow) {
  return { id: boat.id, name: boat.name, sailNumber: boat.sail_number, model: boat.model, ratings: boat.ratings, updatedAt: iso(boat.updated_at) };
}
