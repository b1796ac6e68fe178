/**
 * Who may change an entry's form, and when: the sailor (or whoever entered for her) changes answers,
 * crew, date of birth and certificates until entries close (400 `registration_closed` /
 * `registration_not_open` after); waivers are accepted only by the entrant herself (403
 * `entrant_only` for an organizer of someone else's entry), at any time, so a waiver changed after
 * entries closed can still be accepted. Organizers change the rest at any time.
 */
import { HttpProblem, problem, type Identity } from '@regatta/http';
import type { Standing } from '../domain/registrations.js';
import { registrationClosedReason } from '../domain/events.js';
import type { EntryFormValues } from '../store/registrations.js';
import type { EventRow, RegistrationDetailRow } from '../store/rows.js';
import type { EntryFormInput } from './entry-form-check.js';

/** Whether the caller edits her own entry (the sailor or its submitter); refuses edits she may not make. */
export function checkFormEdit(identity: Identity, event: EventRow, entry: RegistrationDetailRow, standing: Standing, input: EntryFormInput): boolean {
  const ownEntry = !!identity.userId && (identity.userId === entry.user_id || identity.userId === entry.submitted_by);
  if (input.waivers !== undefined && !ownEntry) throw new HttpProblem(403, 'entrant_only', 'Only the sailor (or whoever entered for her) accepts the waivers of an entry.');
  const windowed = (['answers', 'crewMembers', 'dateOfBirth', 'certificates'] as const).filter((field) => input[field] !== undefined);
  if (standing !== 'organizer' && windowed.length > 0) {
    const closed = registrationClosedReason({ status: event.status, registrationOpen: event.registration_open, registrationClose: event.registration_close }, new Date());
    if (closed) throw problem(closed.code, `${closed.detail} The entry's ${windowed.join(', ')} can no longer change; ask the organizer.`);
  }
  return ownEntry;
}

/** The form columns that differ (by update field) and their names for the fact's changed fields. */
export function formChanges(current: RegistrationDetailRow, input: EntryFormInput, form: EntryFormValues | undefined) {
  const changes: Record<string, unknown> = {};
  const changed: string[] = [];
  if (!form) return { changes, changed };
  const note = (given: unknown, field: string, column: string, value: unknown, now: unknown) => {
    if (given === undefined || JSON.stringify(value) === JSON.stringify(now)) return;
    changes[field] = value;
    changed.push(column);
  };
  note(input.answers, 'answers', 'answers', form.answers, current.answers);
  // A new crew can change the acceptances too (a minor crew member's guardian accepting for them).
  note(input.waivers ?? input.crewMembers, 'waiverAcceptances', 'waiver_acceptances', form.waiverAcceptances, current.waiver_acceptances);
  note(input.crewMembers, 'crewMembers', 'crew_members', form.crewMembers, current.crew_members);
  note(input.dateOfBirth, 'sailorBirthDate', 'sailor_birth_date', form.sailorBirthDate, current.sailor_birth_date);
  note(input.certificates, 'certificates', 'entry_certificates', form.certificates, current.entry_certificates);
  return { changes, changed };
}
