/**
 * Web push for the at-once kinds (a hearing, a code on the water, a protest lodged, boats not signed
 * in, a new-device sign-in): what a browser subscription must look like, and the small payload the
 * console's service worker shows (title, text, the page to open). The e-mail stays the record; a push
 * is best effort.
 */
import { KIND_RULES, type NotificationKind } from './kinds.js';

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  kind: NotificationKind;
}

/** At-once kinds, except the account links: a link that sets a password goes to the mailbox only. */
export function pushes(kind: NotificationKind): boolean {
  return KIND_RULES[kind].atOnce && kind !== 'password_reset' && kind !== 'email_confirmation';
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Why a subscription is refused, or undefined when it is acceptable: an https endpoint (plain http
 * only where `allowHttp`, for a local test push service) without credentials, an uncompressed P-256
 * public key (65 bytes) and a 16-byte auth secret, both base64url.
 */
export function subscriptionProblem(subscription: { endpoint: string; p256dh: string; auth: string }, allowHttp: boolean): { field: string; message: string } | undefined {
  let url: URL;
  try {
    url = new URL(subscription.endpoint);
  } catch {
    return { field: 'endpoint', message: 'must be an absolute URL' };
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return { field: 'endpoint', message: 'must be an https URL' };
  if (url.username || url.password) return { field: 'endpoint', message: 'must not carry credentials' };
  if (!BASE64URL.test(subscription.p256dh) || Buffer.from(subscription.p256dh, 'base64url').length !== 65) {
    return { field: 'keys.p256dh', message: 'must be an uncompressed P-256 public key (65 bytes, base64url)' };
  }
  if (!BASE64URL.test(subscription.auth) || Buffer.from(subscription.auth, 'base64url').length !== 16) {
    return { field: 'keys.auth', message: 'must be a 16-byte secret (base64url)' };
  }
  return undefined;
}

/** The payload of a message: its subject, its first paragraph (at most 200 characters) and its page. */
export function pushPayload(kind: NotificationKind, subject: string, text: string, url: string): PushPayload {
  const paragraphs = text.split('\n\n').map((part) => part.trim()).filter(Boolean);
  const first = paragraphs[1] ?? paragraphs[0] ?? '';
  return { title: subject, body: first.length > 200 ? `${first.slice(0, 199)}…` : first, url, kind };
}
