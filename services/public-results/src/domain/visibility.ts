/** Which regattas the public may see: everything but drafts (and stubs whose event.created has not arrived). */
export const PUBLIC_EVENT_STATUSES = ['published', 'ongoing', 'completed', 'cancelled'] as const;
export type PublicEventStatus = (typeof PUBLIC_EVENT_STATUSES)[number];

export function isPublicStatus(status: string | null | undefined): status is PublicEventStatus {
  return (PUBLIC_EVENT_STATUSES as readonly string[]).includes(status ?? '');
}
