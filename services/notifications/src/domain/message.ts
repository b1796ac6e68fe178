/**
 * What a message says, kept as data in the outbox row (`params`) when it is decided, so that the
 * worker writes it later in the recipient's language without reading anything else. Times are ISO
 * strings, written out in the regatta's time zone when the message is rendered.
 */
import type { NotificationKind } from './kinds.js';

export interface RegattaRef {
  name: string;
  slug: string;
  /** IANA zone of the venue; UTC when the regatta has none. */
  timeZone: string | null;
}

/** One new entry or withdrawal, as the organizers hear of it. */
export interface OrganizerEntryItem {
  change: 'new' | 'withdrawn';
  boat: string;
  sailor: string;
  fleet: string;
}

export type MessageParams =
  | { kind: 'notice'; regatta: RegattaRef; action: 'added' | 'amended' | 'withdrawn'; title: string; at: string; note?: string }
  | { kind: 'schedule'; regatta: RegattaRef; race: string; fleet: string; startAt: string | null; status: string }
    /** `waiting`: a moved entry that is (still) on the waitlist. */
  | { kind: 'entry'; regatta: RegattaRef; status: 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled' | 'moved'; boat: string; fleet: string; waiting?: boolean }
  | { kind: 'results'; regatta: RegattaRef; stage: 'posted' | 'official'; fleet: string; at: string; protestDeadline: string | null }
  | { kind: 'hearing'; regatta: RegattaRef; stage: 'scheduled' | 'decided'; number: number; startsAt: string | null; room: string | null; decision: string | null }
  | { kind: 'penalty'; regatta: RegattaRef; code: string; boat: string; sailNumber: string | null; at: string | null }
  | ({ kind: 'organizer_entry'; regatta: RegattaRef } & OrganizerEntryItem)
  /** The daily digest of new entries and withdrawals: the regatta's local day, its due instant, the changes in order. */
  | { kind: 'organizer_entry'; regatta: RegattaRef; day: string; dueAt: string; items: OrganizerEntryItem[] }
  | { kind: 'organizer_protest'; regatta: RegattaRef; number: number; type: string; at: string }
  | { kind: 'sign_in_missing'; regatta: RegattaRef; boats: string[] }
  /** Account messages are written in the language of the request that caused them (`locale`). */
  | { kind: 'password_reset'; linkId: string; expiresAt: string; locale?: string }
  | { kind: 'email_confirmation'; linkId: string; expiresAt: string; locale?: string }
  | { kind: 'new_device'; at: string; device: string; locale?: string };

export type ParamsOf<K extends NotificationKind> = Extract<MessageParams, { kind: K }>;

/** The page a message links to, as a path of the public site (regatta pages) or the console. */
export function linkPath(params: MessageParams): string {
  switch (params.kind) {
    case 'password_reset':
      return '/console/reset-password';
    case 'email_confirmation':
      return '/console/confirm-email';
    case 'new_device':
      return '/console/account';
    case 'results':
    case 'penalty':
      return `/regattas/${encodeURIComponent(params.regatta.slug)}/results`;
    case 'entry':
    case 'organizer_entry':
      return `/regattas/${encodeURIComponent(params.regatta.slug)}/entries`;
    // The notice board (notices, the hearing schedule and decisions) is on the regatta's page.
    default:
      return `/regattas/${encodeURIComponent(params.regatta.slug)}`;
  }
}
