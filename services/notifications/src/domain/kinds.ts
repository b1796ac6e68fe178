/**
 * The kinds of message a person can receive, who they are for, and whether a person may switch
 * them off. Safety and security messages (a boat not signed in after the deadline, a password reset,
 * the confirmation of an e-mail address, a sign-in from a new device) cannot be switched off.
 */
export const NOTIFICATION_KINDS = [
  'notice',
  'schedule',
  'entry',
  'results',
  'hearing',
  'penalty',
  'organizer_entry',
  'organizer_protest',
  'sign_in_missing',
  'password_reset',
  'email_confirmation',
  'new_device',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface KindRule {
  audience: 'entrants' | 'organizers' | 'account';
  /** Cannot be switched off (safety and security). */
  mandatory: boolean;
  /** Sent at once (no digest); web push is offered for these. */
  atOnce: boolean;
  /** Chosen per regatta as well as in general. */
  perRegatta: boolean;
  /** A person may have it gathered into one daily e-mail per regatta instead of one message each. */
  digest: boolean;
}

export const KIND_RULES: Record<NotificationKind, KindRule> = {
  notice: { audience: 'entrants', mandatory: false, atOnce: false, perRegatta: true, digest: false },
  schedule: { audience: 'entrants', mandatory: false, atOnce: false, perRegatta: true, digest: false },
  entry: { audience: 'entrants', mandatory: false, atOnce: false, perRegatta: true, digest: false },
  results: { audience: 'entrants', mandatory: false, atOnce: false, perRegatta: true, digest: false },
  hearing: { audience: 'entrants', mandatory: false, atOnce: true, perRegatta: true, digest: false },
  penalty: { audience: 'entrants', mandatory: false, atOnce: true, perRegatta: true, digest: false },
  organizer_entry: { audience: 'organizers', mandatory: false, atOnce: false, perRegatta: true, digest: true },
  organizer_protest: { audience: 'organizers', mandatory: false, atOnce: true, perRegatta: true, digest: false },
  sign_in_missing: { audience: 'organizers', mandatory: true, atOnce: true, perRegatta: false, digest: false },
  password_reset: { audience: 'account', mandatory: true, atOnce: true, perRegatta: false, digest: false },
  email_confirmation: { audience: 'account', mandatory: true, atOnce: true, perRegatta: false, digest: false },
  new_device: { audience: 'account', mandatory: true, atOnce: true, perRegatta: false, digest: false },
};

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** The kinds a person may switch off (all but the mandatory ones). */
export const OPTIONAL_KINDS = NOTIFICATION_KINDS.filter((kind) => !KIND_RULES[kind].mandatory);

/** How a person receives a kind that may be gathered into a digest: one message each, or daily. */
export const DELIVERIES = ['at_once', 'digest'] as const;
export type Delivery = (typeof DELIVERIES)[number];

/** Entry statuses that make a person an entrant of a regatta (the waitlist hears the notices too). */
export const ENTRANT_STATUSES = ['registered', 'waitlisted'] as const;

/** Codes recorded on the water that a boat hears of at once (a starting penalty or a finish code). */
export const ON_THE_WATER_CODES = ['OCS', 'UFD', 'BFD', 'DNS', 'DNF', 'RET'] as const;

/**
 * Whether a message of `kind` about regatta `eventId` goes to a person with these switched-off
 * choices (general `event_key ''` and per regatta). Mandatory kinds always go.
 */
export function wanted(kind: NotificationKind, eventId: string | null, switchedOff: ReadonlyArray<{ kind: string; eventKey: string }>): boolean {
  if (KIND_RULES[kind].mandatory) return true;
  return !switchedOff.some((choice) => choice.kind === kind && (choice.eventKey === '' || choice.eventKey === eventId));
}
