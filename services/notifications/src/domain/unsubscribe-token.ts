/**
 * The unsubscribe link's token: who (user id, or for a sailor entered without an account the
 * registration), what (kind) and, for a per-regatta kind, which regatta, signed with HMAC-SHA-256 so
 * that nobody can switch off another person's messages. It carries no address and does not expire
 * (a link in an old e-mail keeps working).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationKind, type NotificationKind } from './kinds.js';

export type UnsubscribeScope = {
  kind: NotificationKind;
  /** The regatta the message was about; absent for a kind chosen in general only. */
  eventId: string | null;
} & ({ userId: string; registrationId?: undefined } | { registrationId: string; userId?: undefined });

const signature = (key: string, body: string) => createHmac('sha256', key).update(`unsubscribe:${body}`).digest('base64url');
const REGISTRATION = 'registration';

export function signUnsubscribe(key: string, scope: UnsubscribeScope): string {
  const parts = scope.registrationId !== undefined ? [REGISTRATION, scope.registrationId, scope.kind, scope.eventId ?? ''] : [scope.userId, scope.kind, scope.eventId ?? ''];
  const body = Buffer.from(JSON.stringify(parts)).toString('base64url');
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
    if (!Array.isArray(value) || !value.every((part) => typeof part === 'string')) return undefined;
    if (value.length === 4 && value[0] === REGISTRATION) {
      const [, registrationId, kind, eventId] = value as [string, string, string, string];
      return isNotificationKind(kind) ? { registrationId, kind, eventId: eventId === '' ? null : eventId } : undefined;
    }
    if (value.length !== 3) return undefined;
    const [userId, kind, eventId] = value as [string, string, string];
    if (!isNotificationKind(kind)) return undefined;
    return { userId, kind, eventId: eventId === '' ? null : eventId };
  } catch {
    return undefined;
  }
}
