/** The capture.v1 fact of the safety tally: a closed day's misses and the penalty in force (pure). */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { Miss, TallyCloser, TallyPolicy } from '../domain/tally.js';

export function tallyDayClosed(
  closing: { id: string; day: string; misses: readonly Miss[]; policy: TallyPolicy; closedBy: TallyCloser; closedAt: Date },
  meta: { eventId: string; organizationId: string; requestId: string | undefined; actorUserId: string | null },
): Fact {
  return newFact(
    'tally.day.closed',
    'tallyDayClosed',
    {
      closingId: closing.id,
      day: closing.day,
      policy: {
        missedSignOut: closing.policy.missedSignOut,
        missedSignIn: closing.policy.missedSignIn,
        penaltyPoints: closing.policy.penaltyPoints,
        signInDeadline: closing.policy.signInDeadline ?? undefined,
      },
      misses: closing.misses.map((miss) => ({
        registrationId: miss.registrationId,
        boatId: miss.boatId ?? undefined,
        fleetId: miss.fleetId,
        sailNumber: miss.sailNumber ?? undefined,
        breach: miss.breach,
        raceIds: miss.raceIds,
      })),
      closedBy: { kind: closing.closedBy.kind, id: closing.closedBy.id, label: closing.closedBy.label, userId: closing.closedBy.kind === 'device' || closing.closedBy.kind === 'automatic' ? undefined : closing.closedBy.id },
      closedAt: timestampFromDate(closing.closedAt),
    },
    { producer: 'race-capture', organizationId: meta.organizationId, eventId: meta.eventId, requestId: meta.requestId ?? null, actorUserId: meta.actorUserId, occurredAt: closing.closedAt },
  );
}
