/**
 * Sending one leased batch: the recipients' addresses are looked up in identity for this send only
 * (never stored, logged or counted), and for sailors entered without an account (no account in
 * identity, the message names their registration) in events, each message is written in the recipient's language and handed
 * to the SMTP server with a Message-ID that is the same on every attempt, and what happened is
 * decided by the retry rules. No SQL here but the locale lookup; the worker records the results.
 */
import type { Logger } from '@regatta/logging';
import type { Pool } from '@regatta/db';
import { KIND_RULES } from '../domain/kinds.js';
import { linkPath, type MessageParams } from '../domain/message.js';
import { pushes, pushPayload, type PushPayload } from '../domain/push.js';
import { renderMessage, toLocale } from '../domain/render.js';
import { decideAfterSend, type SendOutcome } from '../domain/retry.js';
import { signUnsubscribe } from '../domain/unsubscribe-token.js';
import { localesOf } from '../store/preferences.js';
import type { ClaimedMessage, SendResult } from '../store/messages.js';
import { messagesTotal } from './metrics.js';
import type { Contact, GuestContact, NotificationsResources, OutgoingMail } from './resources.js';

export interface PreparedBatch {
  contacts: Map<string, Contact>;
  /** Sailors without an account, by registration. */
  guests: Map<string, GuestContact>;
  locales: Map<string, string>;
}

/** Looks up the batch's addresses and languages; a failing identity or events makes every message retry. */
export async function prepareBatch(pool: Pool, resources: NotificationsResources, batch: readonly ClaimedMessage[]): Promise<PreparedBatch> {
  const userIds = [...new Set(batch.map((message) => message.userId))];
  const [contacts, locales] = await Promise.all([resources.directory.contacts(userIds), localesOf(pool, userIds)]);
  const registrationIds = [...new Set(batch.flatMap((message) => (message.registrationId && !contacts.has(message.userId) ? [message.registrationId] : [])))];
  const guests = registrationIds.length > 0 ? await resources.guests.guests(registrationIds) : new Map<string, GuestContact>();
  return { contacts, guests, locales };
}

/** Whom a message goes to: the account's contact, else the guest sailor of its registration. */
function recipientOf(prepared: PreparedBatch, message: ClaimedMessage): (Contact & { guest: boolean; language: string | undefined }) | undefined {
  const contact = prepared.contacts.get(message.userId);
  if (contact) return { ...contact, guest: false, language: prepared.locales.get(message.userId) };
  const guest = message.registrationId ? prepared.guests.get(message.registrationId) : undefined;
  // A guest has no settings: the language is the one the entry was made in for them.
  return guest ? { userId: message.userId, name: guest.name, email: guest.email, guest: true, language: guest.language } : undefined;
}

export const messageIdOf = (message: Pick<ClaimedMessage, 'factId' | 'kind' | 'userId'>) => `<${message.factId}.${message.kind}.${message.userId}@notifications.regatta>`;

async function accountLink(resources: NotificationsResources, params: MessageParams, base: string): Promise<string | undefined> {
  if (params.kind !== 'password_reset' && params.kind !== 'email_confirmation') return base;
  const token = await resources.directory.accountLinkToken(params.linkId);
  if (!token) return undefined;
  return `${base}?id=${encodeURIComponent(params.linkId)}&token=${encodeURIComponent(token)}`;
}

/** Builds the e-mail of one message for one person (undefined when its account link is used or expired). */
export async function composeMail(
  resources: NotificationsResources,
  message: ClaimedMessage,
  contact: Contact & { guest?: boolean },
  locale: string | undefined,
): Promise<{ mail: OutgoingMail; locale: string; link: string } | undefined> {
  const { send } = resources;
  const link = await accountLink(resources, message.params, `${send.linkBaseUrl}${linkPath(message.params)}`);
  if (!link) return undefined;
  const rule = KIND_RULES[message.kind];
  const eventId = rule.perRegatta ? message.eventId : null;
  // A guest's link names the registration (there is no account to choose in).
  const scope = contact.guest && message.registrationId ? { registrationId: message.registrationId, kind: message.kind, eventId } : { userId: message.userId, kind: message.kind, eventId };
  const unsubscribe = rule.mandatory ? null : `${send.linkBaseUrl}/api/v1/notifications/unsubscribe?token=${signUnsubscribe(send.unsubscribeKey, scope)}`;
  const chosen = toLocale(locale);
  const rendered = renderMessage({ params: message.params, locale: chosen, recipientName: contact.name, link, unsubscribeLink: unsubscribe, guest: contact.guest === true });
  const headers: Record<string, string> = { 'X-Regatta-Kind': message.kind };
  if (unsubscribe) {
    headers['List-Unsubscribe'] = `<${unsubscribe}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    locale: chosen,
    link,
    mail: { to: { name: contact.name, address: contact.email }, subject: rendered.subject, text: rendered.text, html: rendered.html, messageId: messageIdOf(message), headers },
  };
}

/**
 * Sends one message and decides what follows (sent, retry later, failed for good); for an at-once
 * kind that was sent, the payload to push to the person's browsers.
 */
export async function deliverOne(resources: NotificationsResources, logger: Logger, prepared: PreparedBatch, message: ClaimedMessage): Promise<SendResult & { push?: PushPayload }> {
  const contact = recipientOf(prepared, message);
  let outcome: SendOutcome;
  let locale: string | null = null;
  let subject: string | null = null;
  let push: PushPayload | undefined;
  if (!contact) {
    outcome = { kind: 'no_address' };
  } else {
    const requested = 'locale' in message.params ? message.params.locale : undefined;
    const composed = await composeMail(resources, message, contact, requested ?? contact.language);
    if (!composed) {
      messagesTotal.inc({ kind: message.kind, outcome: 'failed' });
      return { id: message.id, decision: { kind: 'failed', error: 'link_expired: the link was used or expired before it could be sent' }, locale: null, subject: null };
    }
    locale = composed.locale;
    subject = composed.mail.subject;
    const result = await resources.mail.send(composed.mail);
    outcome = result.ok ? { kind: 'sent' } : { kind: 'refused', responseCode: result.responseCode, error: result.error };
    if (result.ok && pushes(message.kind)) push = pushPayload(message.kind, composed.mail.subject, composed.mail.text, composed.link);
  }
  const decision = decideAfterSend(message.attempt, outcome, resources.send.retryDelaysMs);
  messagesTotal.inc({ kind: message.kind, outcome: decision.kind });
  if (decision.kind !== 'sent') {
    // The person by id only: an address never reaches a log line.
    logger.warn({ messageId: message.id, userId: message.userId, kind: message.kind, attempt: message.attempt, decision: decision.kind }, 'message not sent');
  }
  return {
    id: message.id,
    decision: decision.kind === 'retry' ? { kind: 'retry', delayMs: decision.delayMs, error: outcome.kind === 'refused' ? outcome.error : 'unknown' } : decision,
    locale,
    subject,
    ...(push ? { push } : {}),
  };
}
