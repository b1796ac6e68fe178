/**
 * The entry forms check what the API checks, so an organizer sees a rule before sending:
 * registerForEvent's RegistrationRequest (sailor by name and e-mail, boat name 1-100, sail number
 * 1-30, model 1-100, the rating the fleet's handicap system needs within its range, crew up to 50
 * names of 1-200, emergency contact 500, special requirements 2000), updateRegistration's crew and
 * contacts and its boat as entered (name 1-100, sail number 1-30, model 1-100: an organizer's
 * correction in this regatta), and changeRegistrationRating (a value in the system's range from race
 * 1-10000 on).
 * Messages are i18n keys (common's validation.* or this feature's entries:validation.*).
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';
import { parseCrew, parseDecimal, type RatingSpec } from './rules';

/** The API's e-mail subset (EmailInput in base.yaml). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const requiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

const crewText = z.string().superRefine((text, ctx) => {
  const names = parseCrew(text);
  if (names.length > 50) ctx.addIssue({ code: 'custom', message: 'entries:validation.crewTooMany' });
  else if (names.some((name) => name.length > 200)) ctx.addIssue({ code: 'custom', message: 'entries:validation.crewNameTooLong' });
});

/** Adds the issue of a rating typed as text, for the fleet's system (none needed for one-design). */
function checkRating(text: string, spec: RatingSpec | undefined, ctx: z.RefinementCtx, path: string): void {
  if (!spec) return;
  if (text.trim() === '') {
    ctx.addIssue({ code: 'custom', path: [path], message: 'validation.required' });
    return;
  }
  const value = parseDecimal(text);
  if (value === undefined) ctx.addIssue({ code: 'custom', path: [path], message: 'validation.number' });
  else if (value < spec.min) ctx.addIssue({ code: 'custom', path: [path], message: 'validation.min' });
  else if (value > spec.max) ctx.addIssue({ code: 'custom', path: [path], message: 'validation.max' });
}

/** The languages the platform writes messages in. */
export const SAILOR_LANGUAGES = ['en', 'de'] as const;
/** The form's first choice: the language the office works in (English for any other). */
export const sailorLanguageOf = (uiLanguage: string): (typeof SAILOR_LANGUAGES)[number] => (uiLanguage.startsWith('de') ? 'de' : 'en');

const addEntryFields = z.object({
  fleetId: z.string().min(1, 'validation.required'),
  sailorName: requiredText(200),
  sailorEmail: z.string().trim().min(1, 'validation.required').max(320, 'validation.tooLong').regex(EMAIL, 'validation.email'),
  // The language of the messages to a sailor without an account (one with an account chose their own).
  sailorLanguage: z.enum(SAILOR_LANGUAGES, 'validation.required'),
  boatName: requiredText(100),
  sailNumber: optionalText(30),
  model: optionalText(100),
  rating: z.string(),
  crew: crewText,
  emergencyContact: optionalText(500),
  specialRequirements: optionalText(2000),
});
export type AddEntryValues = z.infer<typeof addEntryFields>;

export const EMPTY_ENTRY: AddEntryValues = {
  fleetId: '',
  sailorName: '',
  sailorEmail: '',
  sailorLanguage: 'en',
  boatName: '',
  sailNumber: '',
  model: '',
  rating: '',
  crew: '',
  emergencyContact: '',
  specialRequirements: '',
};

/** The add-entry form's schema; `ratingOf` names the rating the chosen fleet needs. */
export function addEntrySchema(ratingOf: (fleetId: string) => RatingSpec | undefined) {
  return addEntryFields.superRefine((values, ctx) => checkRating(values.rating, ratingOf(values.fleetId), ctx, 'rating'));
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The body of registerForEvent for an entry made on a sailor's behalf (the sailor named by name and e-mail). */
export function registrationRequest(values: AddEntryValues, spec: RatingSpec | undefined): Schemas['RegistrationRequest'] {
  const rating = spec ? parseDecimal(values.rating) : undefined;
  return {
    fleet: values.fleetId,
    sailor: { name: values.sailorName.trim(), email: values.sailorEmail.trim(), language: values.sailorLanguage },
    boat: {
      name: values.boatName.trim(),
      sailNumber: orNull(values.sailNumber),
      model: orNull(values.model),
      ...(spec && rating !== undefined ? { ratings: { [spec.key]: rating } } : {}),
    },
    crew: parseCrew(values.crew),
    emergencyContact: orNull(values.emergencyContact),
    specialRequirements: orNull(values.specialRequirements),
  };
}

/** API field paths of registerForEvent refusals → the form's fields. */
export const ADD_ENTRY_ALIASES: Record<string, string> = {
  fleet: 'fleetId',
  'sailor.name': 'sailorName',
  'sailor.email': 'sailorEmail',
  'sailor.language': 'sailorLanguage',
  'boat.name': 'boatName',
  'boat.sailNumber': 'sailNumber',
  'boat.model': 'model',
  'boat.ratings': 'rating',
  'boat.ratings.phrf': 'rating',
  'boat.ratings.irc': 'rating',
  'boat.ratings.vprs': 'rating',
  'boat.ratings.orc_tod': 'rating',
  'boat.ratings.orc_tot': 'rating',
  'boat.ratings.portsmouth_rya': 'rating',
  'boat.ratings.portsmouth_us': 'rating',
  'boat.ratings.nhc': 'rating',
  'boat.ratings.echo': 'rating',
};

export interface RatingChangeValues {
  value: string;
  fromRace: string;
}

/** A new rating in force from a race on, within the fleet's system's range. */
export function ratingChangeSchema(spec: RatingSpec | undefined) {
  return z
    .object({
      value: z.string(),
      fromRace: z
        .string()
        .trim()
        .min(1, 'validation.required')
        .regex(/^\d+$/, 'validation.number')
        .refine((text) => Number(text) >= 1, 'validation.min')
        .refine((text) => Number(text) <= 10000, 'validation.max'),
    })
    .superRefine((values, ctx) => checkRating(values.value, spec, ctx, 'value'));
}

export const entryDetailsSchema = z.object({
  crew: crewText,
  emergencyContact: optionalText(500),
  specialRequirements: optionalText(2000),
});
export type EntryDetailsValues = z.infer<typeof entryDetailsSchema>;

/** The body of updateRegistration for crew and contacts (an emptied contact is cleared with null). */
export function detailsRequest(values: EntryDetailsValues): Schemas['UpdateRegistrationRequest'] {
  return { crew: parseCrew(values.crew), emergencyContact: orNull(values.emergencyContact), specialRequirements: orNull(values.specialRequirements) };
}

export const boatEditSchema = z.object({
  boatName: requiredText(100),
  sailNumber: optionalText(30),
  model: optionalText(100),
});
export type BoatEditValues = z.infer<typeof boatEditSchema>;

/** The form's values from the boat as entered now. */
export function boatEditValues(boat: { name: string; sailNumber?: string | null; model?: string | null }): BoatEditValues {
  return { boatName: boat.name, sailNumber: boat.sailNumber ?? '', model: boat.model ?? '' };
}

/** The body of updateRegistration correcting the boat as entered (an emptied sail number or model is cleared with null). */
export function boatRequest(values: BoatEditValues): Schemas['UpdateRegistrationRequest'] {
  return { boat: { name: values.boatName.trim(), sailNumber: orNull(values.sailNumber), model: orNull(values.model) } };
}

/** API field paths of updateRegistration's boat refusals → the boat form's fields. */
export const BOAT_EDIT_ALIASES: Record<string, string> = {
  'boat.name': 'boatName',
  'boat.sailNumber': 'sailNumber',
  'boat.model': 'model',
};
