/**
 * Moving an entry to another fleet or boat (moveRegistration): the form's values, its checks (zod,
 * messages are i18n keys), the request body (null when nothing moves), and how a fleet is offered
 * with its places ("Laser — 2 places left", "ILCA 6 — full, waitlist open").
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';
import type { BoatFieldValues } from './BoatFields';
import type { EntryForm } from './form';

type Entry = Schemas['EntryDetail'];
type Boat = Schemas['MyBoat'];
type Fleet = EntryForm['fleets'][number];

/** The boat choice: keep the entry's boat, one of the sailor's boats (by id), or a new one. */
export const KEEP_BOAT = '';
export const NEW_BOAT = 'new';

export interface MoveValues extends BoatFieldValues {
  fleet: string;
  boatId: string;
}

export function moveDefaults(entry: Entry): MoveValues {
  return { fleet: entry.fleetId, boatId: KEEP_BOAT, boatName: '', sailNumber: '', model: '', rating: '', certificateNumber: '', certificateExpires: '' };
}

/** The ratings the chosen boat holds (the entry's own, one of the sailor's boats', none for a new boat). */
function chosenRatings(entry: Entry, boats: readonly Boat[], boatId: string): Record<string, number> {
  if (boatId === KEEP_BOAT) return entry.boat.ratings;
  if (boatId === NEW_BOAT) return {};
  return boats.find((boat) => boat.id === boatId)?.ratings ?? {};
}

/** Whether the move asks for a rating: the new fleet's system needs one the chosen boat lacks. */
export function needsRating(form: EntryForm, entry: Entry, boats: readonly Boat[], values: Pick<MoveValues, 'fleet' | 'boatId'>): boolean {
  const key = form.fleets.find((fleet) => fleet.id === values.fleet)?.ratingKey;
  return !!key && chosenRatings(entry, boats, values.boatId)[key] === undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function moveSchema(form: EntryForm, entry: Entry, boats: readonly Boat[]) {
  return z
    .object({
      fleet: z.string().min(1, 'validation.required'),
      boatId: z.string(),
      boatName: z.string().trim().max(100, 'validation.tooLong'),
      sailNumber: z.string().trim().max(30, 'validation.tooLong'),
      model: z.string().trim().max(100, 'validation.tooLong'),
      rating: z.string().trim(),
      certificateNumber: z.string().trim().max(60, 'validation.tooLong'),
      certificateExpires: z.string().refine((v) => v === '' || DAY.test(v), 'enter:validation.day'),
    })
    .superRefine((values, ctx) => {
      if (values.boatId === NEW_BOAT && values.boatName.trim() === '') ctx.addIssue({ code: 'custom', path: ['boatName'], message: 'validation.required' });
      if (values.rating !== '' && !Number.isFinite(Number(values.rating.replace(',', '.')))) ctx.addIssue({ code: 'custom', path: ['rating'], message: 'validation.number' });
      else if (values.rating === '' && needsRating(form, entry, boats, values)) ctx.addIssue({ code: 'custom', path: ['rating'], message: 'validation.required' });
    });
}

/** moveRegistration's body, or null when the fleet and boat are the entry's own (nothing to move). */
export function moveBody(form: EntryForm, entry: Entry, values: MoveValues): Schemas['MoveRegistrationRequest'] | null {
  const fleet = form.fleets.find((candidate) => candidate.id === values.fleet);
  const key = fleet?.ratingKey ?? null;
  const rating = values.rating.trim() === '' ? undefined : Number(values.rating.replace(',', '.'));
  const ratings = key && rating !== undefined ? { ratings: { [key]: rating } } : {};
  let boat: Schemas['EntryBoatChoice'] | undefined;
  if (values.boatId === NEW_BOAT) boat = { name: values.boatName.trim(), sailNumber: values.sailNumber.trim() || null, model: values.model.trim() || null, ...ratings };
  else if (values.boatId !== KEEP_BOAT) boat = { id: values.boatId, ...ratings };
  else if (rating !== undefined) boat = { id: entry.boat.id, ...ratings };
  const certificates = key && fleet?.certificate && values.certificateNumber.trim() !== '' ? { [key]: { number: values.certificateNumber.trim(), expires: values.certificateExpires || null } } : undefined;
  const moving = values.fleet !== entry.fleetId;
  if (!moving && !boat && !certificates) return null;
  return {
    // The API needs a fleet or a boat: a certificate alone names the fleet the entry is in.
    ...(moving || !boat ? { fleet: values.fleet } : {}),
    ...(boat ? { boat } : {}),
    ...(certificates ? { certificates } : {}),
  };
}

/** A fleet as offered: its name with the places left, or full with the waitlist open. */
export function fleetOption(t: (key: string, options?: Record<string, unknown>) => string, fleet: Fleet): string {
  if (fleet.availability === 'waitlist') return t('places.full', { fleet: fleet.name });
  if (fleet.placesLeft === null) return fleet.name;
  return t('places.left', { fleet: fleet.name, count: fleet.placesLeft });
}
