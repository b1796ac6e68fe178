/**
 * The regatta forms check what the API checks (events.yaml: CreateEventRequest, UpdateEventRequest;
 * CancelEventRequest) and turn what a person typed into the request bodies.
 * Days and entry times are typed on the regatta's own clock (its time zone): a start or end day is
 * sent as the regatta's local midnight of that day, with the zone's offset (e.g. 2026-06-12 in
 * Europe/Berlin → 2026-06-12T00:00:00+02:00), so every reader sees the same days on the venue's
 * clock. Messages are i18n keys (common's validation.*, or regattas:validation.*).
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';
import { instantToDay, instantToLocal, isTimeZone, zoneOf, zonedToInstant } from './dates';

export type EventStatus = Schemas['EventStatus'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
// The API's money pattern; a decimal comma (as German writes 125,50) is taken for the point.
const MONEY = /^\d{1,10}([.,]\d{1,2})?$/;
const money = (v: string) => v.trim().replace(',', '.');
const CURRENCY = /^[A-Z]{3}$/;
const MAX_CAPACITY = 100_000;

const day = z.string().trim().min(1, 'validation.required').regex(DAY, 'validation.date');
const optionalLocalTime = z.string().trim().refine((v) => v === '' || LOCAL_TIME.test(v), 'validation.date');

const fields = {
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  description: z.string().max(5000, 'validation.tooLong'),
  venue: z.string().max(300, 'validation.tooLong'),
  timeZone: z.string().trim().max(64, 'validation.tooLong').refine((v) => v === '' || isTimeZone(v), 'validation.timeZone'),
  startDate: day,
  endDate: day,
  registrationOpen: optionalLocalTime,
  registrationClose: optionalLocalTime,
  entryFee: z.string().trim().refine((v) => v === '' || MONEY.test(v), 'validation.money'),
  currency: z.string().trim().regex(CURRENCY, 'validation.currency'),
  maxParticipants: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), 'validation.number')
    .refine((v) => !/^\d+$/.test(v) || Number(v) >= 1, 'validation.min')
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= MAX_CAPACITY, 'validation.max'),
};

export type RegattaFormValues = { [K in keyof typeof fields]: string };

/** End not before start, entries not closing before they open (both on the regatta's clock). */
function checkOrder(values: RegattaFormValues, ctx: z.RefinementCtx): void {
  if (DAY.test(values.startDate) && DAY.test(values.endDate) && values.endDate < values.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
  }
  const open = values.registrationOpen.trim();
  const close = values.registrationClose.trim();
  if (LOCAL_TIME.test(open) && LOCAL_TIME.test(close) && close < open) {
    ctx.addIssue({ code: 'custom', path: ['registrationClose'], message: 'validation.closeBeforeOpen' });
  }
}

export const regattaSchema = z.object(fields).superRefine(checkOrder);

/**
 * The edit form: as creating, and what the API cannot clear once set stays required (an update takes
 * no null for the entry window or the capacity).
 */
export function regattaEditSchema(initial: RegattaFormValues) {
  return z.object(fields).superRefine((values, ctx) => {
    checkOrder(values, ctx);
    for (const name of ['registrationOpen', 'registrationClose', 'maxParticipants'] as const) {
      if (initial[name] !== '' && values[name].trim() === '') ctx.addIssue({ code: 'custom', path: [name], message: 'regattas:validation.cannotClear' });
    }
  });
}

export function emptyRegatta(timeZone: string, currency = 'USD'): RegattaFormValues {
  return { name: '', description: '', venue: '', timeZone, startDate: '', endDate: '', registrationOpen: '', registrationClose: '', entryFee: '', currency, maxParticipants: '' };
}

const conversionZone = (values: RegattaFormValues) => zoneOf({ timeZone: values.timeZone.trim() || null });

/** The body of POST /api/v1/events for the organization `organization` (a slug). */
export function toCreateRequest(values: RegattaFormValues, organization: string): Schemas['CreateEventRequest'] {
  const zone = conversionZone(values);
  const text = (v: string) => v.trim() || null;
  return {
    organization,
    name: values.name.trim(),
    description: text(values.description),
    venue: text(values.venue),
    timeZone: text(values.timeZone),
    startDate: zonedToInstant(values.startDate.trim(), zone),
    endDate: zonedToInstant(values.endDate.trim(), zone),
    registrationOpen: values.registrationOpen.trim() ? zonedToInstant(values.registrationOpen.trim(), zone) : null,
    registrationClose: values.registrationClose.trim() ? zonedToInstant(values.registrationClose.trim(), zone) : null,
    entryFee: text(money(values.entryFee)),
    currency: values.currency.trim(),
    maxParticipants: values.maxParticipants.trim() ? Number(values.maxParticipants) : null,
  };
}

/** A stored regatta as the form shows it (days and times on its own clock). */
export function toFormValues(event: Schemas['EventFields']): RegattaFormValues {
  const zone = zoneOf(event);
  return {
    name: event.name,
    description: event.description ?? '',
    venue: event.venue ?? '',
    timeZone: event.timeZone ?? '',
    startDate: instantToDay(event.startDate, zone),
    endDate: instantToDay(event.endDate, zone),
    registrationOpen: instantToLocal(event.registrationOpen, zone),
    registrationClose: instantToLocal(event.registrationClose, zone),
    entryFee: event.entryFee ?? '',
    currency: event.currency,
    maxParticipants: event.maxParticipants == null ? '' : String(event.maxParticipants),
  };
}

/**
 * The body of PUT /api/v1/events/{slug}: the texts as typed (an update takes '' to empty them), and
 * a date only when its day or time, or the time zone, changed, so an instant set elsewhere (a time
 * of day other than midnight) is kept when the person did not touch it. The currency is not part of
 * an update (the API fixes it at creation).
 */
export function toUpdateRequest(values: RegattaFormValues, initial: RegattaFormValues): Schemas['UpdateEventRequest'] {
  const zone = conversionZone(values);
  const zoneChanged = values.timeZone.trim() !== initial.timeZone.trim();
  const body: Schemas['UpdateEventRequest'] = {
    name: values.name.trim(),
    description: values.description.trim(),
    venue: values.venue.trim(),
    timeZone: values.timeZone.trim() || null,
    entryFee: money(values.entryFee) || null,
  };
  for (const name of ['startDate', 'endDate', 'registrationOpen', 'registrationClose'] as const) {
    const value = values[name].trim();
    if (value !== '' && (zoneChanged || value !== initial[name])) body[name] = zonedToInstant(value, zone);
  }
  if (values.maxParticipants.trim() !== '') body.maxParticipants = Number(values.maxParticipants);
  return body;
}

/** The status moves the API allows (besides cancelling, which has its own operation). */
const MOVES: Record<EventStatus, EventStatus[]> = {
  draft: ['published'],
  published: ['ongoing', 'draft'],
  ongoing: ['completed'],
  completed: [],
  cancelled: [],
};

export function nextStatuses(status: EventStatus): EventStatus[] {
  return MOVES[status] ?? [];
}

/** Draft, published and ongoing regattas can be cancelled; completed and cancelled ones cannot. */
export function canCancel(status: EventStatus): boolean {
  return status === 'draft' || status === 'published' || status === 'ongoing';
}

/** The console offers deleting only for drafts (a published regatta is cancelled, keeping its history). */
export function canDelete(status: EventStatus): boolean {
  return status === 'draft';
}

export const cancelSchema = z.object({ reason: z.string().max(2000, 'validation.tooLong') });
export type CancelValues = z.infer<typeof cancelSchema>;

/** Copying a regatta as a new draft (event-copy.yaml: CopyEventRequest): days at the venue. */
export const copySchema = z
  .object({
    name: fields.name,
    startDate: day,
    endDate: z.string().trim().refine((v) => v === '' || DAY.test(v), 'validation.date'),
  })
  .superRefine((values, ctx) => {
    if (DAY.test(values.startDate) && DAY.test(values.endDate) && values.endDate < values.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'validation.endBeforeStart' });
    }
  });
export type CopyValues = z.infer<typeof copySchema>;

/**
 * What the copy form suggests: the same day a year later, and the name with that year where the
 * name carries the source's year ('Spring Cup 2026' → 'Spring Cup 2027'; otherwise the name is left
 * to the person).
 */
export function suggestCopy(event: Schemas['EventFields']): CopyValues {
  const start = instantToDay(event.startDate, zoneOf(event));
  const year = Number(start.slice(0, 4));
  if (!year) return { name: '', startDate: '', endDate: '' };
  const next = `${year + 1}${start.slice(4)}`;
  // 29 February has no twin the next year: the 28th instead.
  const startDate = next.endsWith('-02-29') ? next.replace(/-29$/, '-28') : next;
  const pattern = new RegExp(`\\b${year}\\b`);
  return { name: pattern.test(event.name) ? event.name.replace(pattern, String(year + 1)) : '', startDate, endDate: '' };
}

export function toCopyRequest(values: CopyValues): Schemas['CopyEventRequest'] {
  const endDate = values.endDate.trim();
  return { name: values.name.trim(), startDate: values.startDate.trim(), ...(endDate ? { endDate } : {}) };
}
