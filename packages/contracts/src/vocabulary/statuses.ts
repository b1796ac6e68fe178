/** An event's life: a draft is seen only by its organization's members; the rest by anyone with read. */
export const EVENT_STATUSES = ['draft', 'published', 'ongoing', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Statuses an event is listed under for people outside its organization (`GET /events`, calendars). */
export const LISTED_EVENT_STATUSES = ['published', 'ongoing', 'completed'] as const;
/** Statuses an event is open for entries and results under. */
export const ACTIVE_EVENT_STATUSES = ['published', 'ongoing'] as const;
/** Statuses the public results pages show (a cancelled regatta stays readable with its notice). */
export const PUBLIC_PAGE_EVENT_STATUSES = ['published', 'ongoing', 'completed', 'cancelled'] as const;

/** Whether someone outside the event's organization may see it: everything but a draft. */
export function isPubliclyVisible(status: EventStatus): boolean {
  return status !== 'draft';
}

export const REGISTRATION_STATUSES = ['registered', 'waitlisted', 'cancelled', 'no_show'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** Registrations that hold (or wait for) a place. */
export const ACTIVE_REGISTRATION_STATUSES = ['registered', 'waitlisted'] as const;

export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const RACE_STATUSES = ['scheduled', 'postponed', 'started', 'finished', 'abandoned'] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];

export const DOCUMENT_KINDS = ['nor', 'si', 'amendment', 'notice', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
