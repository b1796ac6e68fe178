/** Sailors entered without an account: a stable id derived from their email. */
import { createHash } from 'node:crypto';

/** Stable id for a sailor entered by name and email who has no account (RFC 4122 v5). */
export function guestSailorId(email: string): string {
  const namespace = Buffer.from('6f1c2a5e8d3b4c7a9e0f1a2b3c4d5e6f', 'hex');
  const hash = createHash('sha1').update(namespace).update(email.trim().toLowerCase()).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The languages a sailor without an account can be written to in; none named: English. */
export const GUEST_LANGUAGES = ['en', 'de'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];
