/**
 * The entry form's part of an entry, checked against the organizer's questions and waivers of the
 * regatta: every failing field is named in one 400 `entry_form_incomplete` (problem+json `errors`).
 * `complete` asks for every required answer and every waiver (the sailor entering or editing her own
 * entry); an organizer entering for someone may leave them for the sailor to give later.
 */
import { badRequest } from '@regatta/http';
import type { Queryable } from '@regatta/db';
import {
  acceptanceProblems,
  answerProblems,
  birthDateProblem,
  certificateProblems,
  crewGuardianProblems,
  isMinor,
  mergeAcceptances,
  withCrewGuardians,
  type AcceptanceInput,
  type Answer,
  type Certificate,
  type FieldProblem,
} from '../domain/entry-form.js';
import { entryFormOf } from '../store/entry-form.js';
import type { EntryFormValues } from '../store/registrations.js';
import type { CrewMember, EventRow, RegistrationRow } from '../store/rows.js';

export interface EntryFormInput {
  answers?: Record<string, Answer> | undefined;
  waivers?: Record<string, AcceptanceInput> | undefined;
  crewMembers?: CrewMember[] | undefined;
  dateOfBirth?: string | null | undefined;
  certificates?: Record<string, Certificate> | undefined;
}

export const FORM_FIELDS = ['answers', 'waivers', 'crewMembers', 'dateOfBirth', 'certificates'] as const;

export function givesForm(input: EntryFormInput): boolean {
  return FORM_FIELDS.some((field) => input[field] !== undefined);
}

/**
 * The form values after this submission (the entry's held values with the given ones over them),
 * or 400 naming every field that fails. `held` is the entry as it is (undefined for a new entry).
 */
export async function checkedForm(
  db: Queryable,
  event: EventRow,
  input: EntryFormInput,
  held: RegistrationRow | undefined,
  who: { userId: string | null; name: string | null },
  complete: boolean,
  now: Date = new Date(),
): Promise<EntryFormValues> {
  const { questions, waivers } = await entryFormOf(db, event.id);
  const answers = { ...(held?.answers ?? {}), ...(input.answers ?? {}) };
  const birthDate = input.dateOfBirth === undefined ? (held?.sailor_birth_date ?? null) : input.dateOfBirth;
  const problems: FieldProblem[] = [];
  const birthProblem = birthDate && input.dateOfBirth !== undefined ? birthDateProblem(birthDate, now) : undefined;
  if (birthProblem) problems.push({ field: 'dateOfBirth', message: birthProblem });
  (input.crewMembers ?? []).forEach((member, index) => {
    const problem = member.dateOfBirth ? birthDateProblem(member.dateOfBirth, now) : undefined;
    if (problem) problems.push({ field: `crewMembers.${index}.dateOfBirth`, message: problem });
  });
  const firstDay = event.start_date ?? now;
  const minor = isMinor(birthDate, firstDay);
  const heldAcceptances = held?.waiver_acceptances ?? [];
  const crew = input.crewMembers ?? held?.crew_members ?? [];
  problems.push(...answerProblems(questions, answers, complete));
  problems.push(...acceptanceProblems(waivers, input.waivers ?? {}, heldAcceptances, { complete, minor }));
  // Crew under 18: a parent or guardian accepts the waivers for each, whenever waivers are accepted or the crew is given complete.
  const acceptsNow = Object.keys(input.waivers ?? {}).length > 0 || (complete && input.crewMembers !== undefined);
  if (waivers.length > 0 && acceptsNow) problems.push(...crewGuardianProblems(crew, firstDay));
  problems.push(...certificateProblems(input.certificates ?? {}, event.end_date ?? null));
  if (problems.length > 0) {
    throw badRequest('entry_form_incomplete', `The entry form is not complete: ${problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')}.`, problems);
  }
  return {
    answers,
    waiverAcceptances: withCrewGuardians(mergeAcceptances(heldAcceptances, input.waivers ?? {}, { ...who, minor }, now), waivers, crew, firstDay, now),
    crewMembers: input.crewMembers ?? held?.crew_members ?? null,
    sailorBirthDate: birthDate,
    certificates: { ...(held?.entry_certificates ?? {}), ...(input.certificates ?? {}) },
  };
}
