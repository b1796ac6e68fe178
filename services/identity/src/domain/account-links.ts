/**
 * Account links sent by e-mail: a password reset (valid one hour) and the confirmation of an e-mail
 * address (valid seven days), each usable once. The link carries the link's id and a token, the
 * HMAC-SHA-256 of purpose and id under identity's key: nothing secret is stored, and the token travels
 * only from identity to the notifications service (internal lookup) and on into the e-mail.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const ACCOUNT_LINK_PURPOSES = ['password_reset', 'email_confirmation'] as const;
export type AccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];

export const LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_confirmation: 7 * 24 * 60 * 60 * 1000,
};

export function linkToken(key: string, purpose: AccountLinkPurpose, id: string): string {
  return createHmac('sha256', key).update(`account-link:${purpose}:${id}`).digest('base64url');
}

export function tokenMatches(key: string, purpose: AccountLinkPurpose, id: string, token: string): boolean {
  const expected = Buffer.from(linkToken(key, purpose, id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
