/**
 * Which regattas the public may see: everything but drafts (the shared PUBLIC_PAGE_EVENT_STATUSES).
 * Unlike the vocabulary's isPubliclyVisible, a stub row whose event.created has not arrived yet (no
 * status) is not public either.
 */
import { PUBLIC_PAGE_EVENT_STATUSES } from '@regatta/contracts';

export const PUBLIC_EVENT_STATUSES = PUBLIC_PAGE_EVENT_STATUSES;
export type PublicEventStatus = (typeof PUBLIC_EVENT_STATUSES)[number];

export function isPublicStatus(status: string | null | undefined): status is PublicEventStatus {
  return (PUBLIC_EVENT_STATUSES as readonly string[]).includes(status ?? '');
}
