/**
 * The sailor's entry form (one form: boat, fleet, rating and certificate, crew, emergency contact,
 * the organizer's questions and waivers): its values, the checks the API makes (zod, messages are
 * i18n keys), whether the sailor or a crew member is under 18 on the regatta's first day (then a
 * parent or guardian names themselves for each waiver), and the request bodies of registerForEvent
 * and updateRegistration.
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';

export type EntryForm = Schemas['EntryForm'];
export type Question = Schemas['EntryQuestion'];
export type Waiver = Schemas['EntryWaiver'];

export interface CrewRow {
  name: string;
  role: string;
  sailorId: string;
  dateOfBirth: string;
  /** For a crew member under 18 on the first day: the parent or guardian who accepts the waivers for them. */
  guardianName: string;
}

export interface EnterValues {
  /** An own boat's id, or '' for a new boat. */
  boatId: string;
  boatName: string;
  sailNumber: string;
  model: string;
  fleet: string;
  rating: string;
  certificateNumber: string;
  certificateExpires: string;
  dateOfBirth: string;
  crew: CrewRow[];
  emergencyContact: string;
  /** Answers by question id: text and choices as text, yes/no as 'yes' | 'no' | ''. */
  answers: Record<string, string>;
  /** Acceptances by waiver id. */
  accepted: Record<string, boolean>;
  guardianName: string;
}

export const EMPTY_CREW: CrewRow = { name: '', role: '', sailorId: '', dateOfBirth: '', guardianName: '' };

export function emptyValues(form: EntryForm): EnterValues {
  return {
    boatId: '',
    boatName: '',
    sailNumber: '',
    model: '',
    fleet: form.fleets.length === 1 ? form.fleets[0]!.id : '',
    rating: '',
    certificateNumber: '',
    certificateExpires: '',
    dateOfBirth: '',
    crew: [],
    emergencyContact: '',
    answers: Object.fromEntries(form.questions.map((question) => [question.id, ''])),
    accepted: Object.fromEntries(form.waivers.map((waiver) => [waiver.id, false])),
    guardianName: '',
  };
}

/** Age in whole years on a day (YYYY-MM-DD birth, ISO day). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** Under 18 on the regatta's first day: a parent or guardian accepts the waivers too. */
export function isMinor(dateOfBirth: string, firstDay: string | null | undefined): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return false;
  return ageOn(dateOfBirth, firstDay ?? new Date().toISOString()) < 18;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SAILOR_ID = /^[A-Za-z0-9]{3,20}$/;

/**
 * The checks of the form for one regatta's questions, waivers and fleets; `editing` leaves boat and
 * fleet out, `waiversOnly` (entries closed: only a waiver's new version can be accepted) the rest too.
 */
export function enterSchema(form: EntryForm, editing: boolean, waiversOnly = false) {
  return z
    .object({
      boatId: z.string(),
      boatName: z.string().trim().max(100, 'validation.tooLong'),
      sailNumber: z.string().trim().max(30, 'validation.tooLong'),
      model: z.string().trim().max(100, 'validation.tooLong'),
      fleet: z.string(),
      rating: z.string().trim(),
      certificateNumber: z.string().trim().max(60, 'validation.tooLong'),
      certificateExpires: z.string().refine((v) => v === '' || DAY.test(v), 'enter:validation.day'),
      dateOfBirth: z.string().refine((v) => v === '' || DAY.test(v), 'enter:validation.day'),
      crew: z.array(
        z.object({
          name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
          role: z.string().trim().max(100, 'validation.tooLong'),
          sailorId: z.string().trim().refine((v) => v === '' || SAILOR_ID.test(v), 'enter:validation.sailorId'),
          dateOfBirth: z.string().refine((v) => v === '' || DAY.test(v), 'enter:validation.day'),
          guardianName: z.string().trim().max(200, 'validation.tooLong'),
        }),
      ).max(50),
      emergencyContact: z.string().trim().min(waiversOnly ? 0 : 1, 'validation.required').max(500, 'validation.tooLong'),
      answers: z.record(z.string(), z.string()),
      accepted: z.record(z.string(), z.boolean()),
      guardianName: z.string().trim().max(200, 'validation.tooLong'),
    })
    .superRefine((values, ctx) => {
      if (!editing) {
        if (!values.fleet) ctx.addIssue({ code: 'custom', path: ['fleet'], message: 'validation.required' });
        if (!values.boatId && values.boatName.trim() === '') ctx.addIssue({ code: 'custom', path: ['boatName'], message: 'validation.required' });
        const fleet = form.fleets.find((candidate) => candidate.id === values.fleet);
        if (fleet?.ratingKey && !values.boatId && values.rating === '') ctx.addIssue({ code: 'custom', path: ['rating'], message: 'validation.required' });
        if (values.rating !== '' && !Number.isFinite(Number(values.rating.replace(',', '.')))) ctx.addIssue({ code: 'custom', path: ['rating'], message: 'validation.number' });
      }
      for (const question of waiversOnly ? [] : form.questions) {
        if (question.required && (values.answers[question.id] ?? '').trim() === '') ctx.addIssue({ code: 'custom', path: ['answers', question.id], message: 'enter:validation.answer' });
      }
      for (const waiver of form.waivers) {
        if (!values.accepted[waiver.id]) ctx.addIssue({ code: 'custom', path: ['accepted', waiver.id], message: 'enter:validation.accept' });
      }
      if (form.waivers.length > 0 && isMinor(values.dateOfBirth, form.event.startDate) && values.guardianName.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['guardianName'], message: 'enter:validation.guardian' });
      }
      if (form.waivers.length > 0 && !waiversOnly) {
        values.crew.forEach((member, index) => {
          if (isMinor(member.dateOfBirth, form.event.startDate) && member.guardianName.trim() === '') {
            ctx.addIssue({ code: 'custom', path: ['crew', index, 'guardianName'], message: 'enter:validation.crewGuardian' });
          }
        });
      }
    });
}

function answersBody(form: EntryForm, values: EnterValues): Record<string, string | boolean> {
  const answers: Record<string, string | boolean> = {};
  for (const question of form.questions) {
    const value = (values.answers[question.id] ?? '').trim();
    if (value === '') continue;
    answers[question.id] = question.kind === 'yes_no' ? value === 'yes' : value;
  }
  return answers;
}

function waiversBody(form: EntryForm, values: EnterValues, minor: boolean, only?: ReadonlySet<string>) {
  const waivers: Record<string, { version: number; guardianName?: string }> = {};
  for (const waiver of form.waivers) {
    if (!values.accepted[waiver.id] || (only && !only.has(waiver.id))) continue;
    waivers[waiver.id] = { version: waiver.version, ...(minor ? { guardianName: values.guardianName.trim() } : {}) };
  }
  return waivers;
}

const crewBody = (form: EntryForm, values: EnterValues) =>
  values.crew.map((member) => ({
    name: member.name.trim(),
    role: member.role.trim() || null,
    sailorId: member.sailorId.trim() || null,
    dateOfBirth: member.dateOfBirth || null,
    // Only a minor's guardian is sent (a name left in the field of an adult is not).
    ...(isMinor(member.dateOfBirth, form.event.startDate) && member.guardianName.trim() ? { guardianName: member.guardianName.trim() } : {}),
  }));

/** registerForEvent's body. */
export function registerBody(form: EntryForm, values: EnterValues): Schemas['RegistrationRequest'] {
  const fleet = form.fleets.find((candidate) => candidate.id === values.fleet);
  const ratingKey = fleet?.ratingKey ?? null;
  const rating = values.rating.trim() === '' ? undefined : Number(values.rating.replace(',', '.'));
  const ratings = ratingKey && rating !== undefined ? { [ratingKey]: rating } : undefined;
  const boat = values.boatId
    ? { id: values.boatId, ...(ratings ? { ratings } : {}) }
    : { name: values.boatName.trim(), sailNumber: values.sailNumber.trim() || null, model: values.model.trim() || null, ...(ratings ? { ratings } : {}) };
  const minor = isMinor(values.dateOfBirth, form.event.startDate);
  const certificate = ratingKey && fleet?.certificate && values.certificateNumber.trim() !== '';
  return {
    fleet: values.fleet,
    boat: boat as Schemas['RegistrationRequest']['boat'],
    crewMembers: crewBody(form, values),
    emergencyContact: values.emergencyContact.trim(),
    answers: answersBody(form, values),
    waivers: waiversBody(form, values, minor),
    ...(values.dateOfBirth ? { dateOfBirth: values.dateOfBirth } : {}),
    ...(certificate ? { certificates: { [ratingKey]: { number: values.certificateNumber.trim(), expires: values.certificateExpires || null } } } : {}),
  };
}

/**
 * updateRegistration's body for the sailor's edit: answers, crew, contact, date of birth and the
 * waivers still to accept; once entries are closed only the waivers (a new version is accepted any time).
 */
export function editBody(form: EntryForm, values: EnterValues, pending: ReadonlySet<string>): Schemas['UpdateRegistrationRequest'] {
  const minor = isMinor(values.dateOfBirth, form.event.startDate);
  const waivers = waiversBody(form, values, minor, pending);
  if (form.entries !== 'open' && form.entries !== 'full') return { waivers };
  return {
    crewMembers: crewBody(form, values),
    emergencyContact: values.emergencyContact.trim(),
    answers: answersBody(form, values),
    dateOfBirth: values.dateOfBirth || null,
    ...(Object.keys(waivers).length > 0 ? { waivers } : {}),
  };
}

/** The form's values for an entry being edited (its answers, crew and contact; waivers accepted unless pending). */
export function valuesOfEntry(form: EntryForm, entry: Schemas['EntryDetail']): EnterValues {
  const pending = new Set(entry.pendingWaivers.map((waiver) => waiver.id));
  const answers = Object.fromEntries(
    form.questions.map((question) => {
      const answer = entry.answers[question.id];
      return [question.id, answer === undefined ? '' : typeof answer === 'boolean' ? (answer ? 'yes' : 'no') : answer];
    }),
  );
  return {
    ...emptyValues(form),
    fleet: entry.fleetId,
    dateOfBirth: entry.dateOfBirth ?? '',
    crew: entry.crewMembers.map((member) => ({
      name: member.name,
      role: member.role ?? '',
      sailorId: member.sailorId ?? '',
      dateOfBirth: member.dateOfBirth ?? '',
      guardianName: member.guardianName ?? '',
    })),
    emergencyContact: entry.emergencyContact ?? '',
    answers,
    accepted: Object.fromEntries(form.waivers.map((waiver) => [waiver.id, !pending.has(waiver.id)])),
    guardianName: entry.waiverAcceptances.find((acceptance) => acceptance.guardian)?.guardian?.name ?? '',
  };
}

/** Where the public page's "Enter" lands, and the bookmarkable confirmation of an entry. */
export const enterPath = (slug: string) => `/enter/${slug}`;
export const entryPath = (slug: string, registrationId: string) => `/enter/${slug}/entries/${registrationId}`;
