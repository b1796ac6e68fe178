/**
 * The unsubscribe link's token: who (user id), what (kind) and, for a per-regatta kind, which
 * regatta, signed with HMAC-SHA-256 so that nobody can switch off another person's messages. It
 * carries no address and does not expire (a link in an old e-mail keeps working).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, type NotificationKind } from './kinds.js';

export interface UnsubscribeScope {
  userId: string;
  kind: NotificationKind;
  /** The regatta the message was about; absent for a kind chosen in general only. */
  eventId: string | null;
}

const signature = (key: string, body: string) => createHmac('sha256', key).update(`unsubscribe:${body}`).digest('base64url');

export function signUnsubscribe(key: string, scope: UnsubscribeScope): string {
  const body = Buffer.from(JSON.stringify([scope.userId, scope.kind, scope.eventId ?? ''])).toString('base64url');
  return `${body}.${signature(key, body)}`;
}

/** The scope of a token, or undefined when it is malformed or not signed with `key`. */
export function verifyUnsubscribe(key: string, token: string): UnsubscribeScope | undefined {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const expected = Buffer.from(signature(key, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 3 || !value.every((part) => typeof part === 'string')) return undefined;
    const [userId, kind, eventId] = value as [string, string, string];
    if (!isNotificationKind(kind)) return undefined;
    return { userId, kind, eventId: eventId === '' ? null : eventId };
  } catch {
    return undefined;
  }
}
