/**
 * A person's notification settings and log: which kinds (in general and per regatta) they get, the
 * language of their messages, unsubscribing from a link, and every message decided for them.
 */
import { withTransaction } from '@regatta/db';
import { KIND_RULES, NOTIFICATION_KINDS, type Delivery, type NotificationKind } from '../domain/kinds.js';
import { verifyUnsubscribe, type UnsubscribeScope } from '../domain/unsubscribe-token.js';
import { messagesOf, messagesOfRegistration, type GuestLoggedMessage, type LoggedMessage } from '../store/messages.js';
import { entryOf } from '../store/projections/entries.js';

export type { GuestLoggedMessage, LoggedMessage };
import { choicesOf, localeOf, organizedRegattasOf, regattasOf, setChoice, setLocale } from '../store/preferences.js';
import type { NotificationsContext } from './resources.js';

export interface Preferences {
  locale: string;
  kinds: Array<{ kind: NotificationKind; mandatory: boolean; perRegatta: boolean; enabled: boolean; digest: boolean; delivery: Delivery }>;
  regattaChoices: Array<{ kind: string; eventId: string; enabled: boolean; delivery: Delivery | null }>;
  regattas: Array<{ id: string; name: string; slug: string }>;
  /** The regattas of the organizations the person is a member of (new entries and withdrawals per regatta). */
  organizedRegattas: Array<{ id: string; name: string; slug: string }>;
}

export async function getPreferences(context: NotificationsContext, userId: string): Promise<Preferences> {
  const [choices, locale, regattas, organizedRegattas] = await Promise.all([
    choicesOf(context.pool, userId),
    localeOf(context.pool, userId),
    regattasOf(context.pool, userId),
    organizedRegattasOf(context.pool, userId),
  ]);
  return {
    locale: locale ?? 'en',
    kinds: NOTIFICATION_KINDS.map((kind) => {
      const general = choices.find((choice) => choice.kind === kind && choice.eventKey === '');
      return {
        kind,
        mandatory: KIND_RULES[kind].mandatory,
        perRegatta: KIND_RULES[kind].perRegatta,
        enabled: KIND_RULES[kind].mandatory || general?.enabled !== false,
        digest: KIND_RULES[kind].digest,
        delivery: KIND_RULES[kind].digest && general?.delivery === 'digest' ? 'digest' : 'at_once',
      };
    }),
    regattaChoices: choices
      .filter((choice) => choice.eventKey !== '')
      .map((choice) => ({ kind: choice.kind, eventId: choice.eventKey, enabled: choice.enabled, delivery: KIND_RULES[choice.kind as NotificationKind]?.digest ? choice.delivery : null })),
    regattas,
    organizedRegattas,
  };
}

export interface PreferenceChanges {
  locale?: 'en' | 'de' | undefined;
  /** Only kinds a person may switch off (the request schema admits no other); a delivery only counts for kinds with a digest. */
  kinds?: Array<{ kind: NotificationKind; enabled: boolean; eventId?: string | undefined; delivery?: Delivery | undefined }> | undefined;
}

export async function updatePreferences(context: NotificationsContext, userId: string, changes: PreferenceChanges): Promise<Preferences> {
  await withTransaction(context.pool, async (client) => {
    if (changes.locale) await setLocale(client, userId, changes.locale);
    for (const change of changes.kinds ?? []) {
      if (KIND_RULES[change.kind].mandatory) continue;
      const delivery = KIND_RULES[change.kind].digest ? change.delivery : undefined;
      await setChoice(client, userId, { kind: change.kind, eventKey: change.eventId ?? '', enabled: change.enabled, delivery });
    }
  });
  return getPreferences(context, userId);
}

/**
 * The unsubscribe link (and the one-click POST of RFC 8058): switches that kind off. A sailor entered
 * without an account is named by the registration: the kind goes off for the id the entry is made
 * for and that regatta (the entries projection says which), no account needed.
 */
export async function unsubscribe(context: NotificationsContext, key: string, token: string): Promise<UnsubscribeScope | undefined> {
  const scope = verifyUnsubscribe(key, token);
  if (!scope || KIND_RULES[scope.kind].mandatory) return undefined;
  if (scope.registrationId !== undefined) {
    const entry = await entryOf(context.pool, scope.registrationId);
    if (!entry) return undefined;
    await setChoice(context.pool, entry.userId, { kind: scope.kind, eventKey: KIND_RULES[scope.kind].perRegatta ? entry.eventId : '', enabled: false });
    return { ...scope, eventId: KIND_RULES[scope.kind].perRegatta ? entry.eventId : null };
  }
  await setChoice(context.pool, scope.userId, { kind: scope.kind, eventKey: scope.eventId ?? '', enabled: false });
  return scope;
}

/** What an unsubscribe link would switch off, without doing it (the page behind the link). */
export function readUnsubscribe(key: string, token: string): UnsubscribeScope | undefined {
  const scope = verifyUnsubscribe(key, token);
  return scope && !KIND_RULES[scope.kind].mandatory ? scope : undefined;
}

export function notificationLog(context: NotificationsContext, userId: string, page: { limit: number; offset: number }): Promise<{ items: LoggedMessage[]; hasMore: boolean }> {
  return messagesOf(context.pool, userId, page.limit, page.offset);
}

/**
 * The messages sent about one registration of a sailor entered without an account (the last 50), for
 * the page behind their unsubscribe link: the link's token names the registration, so holding an
 * e-mail is what shows them. Kind, subject, when and the outcome; never an address.
 */
export function guestLog(context: NotificationsContext, registrationId: string): Promise<GuestLoggedMessage[]> {
  return messagesOfRegistration(context.pool, registrationId, 50);
}
