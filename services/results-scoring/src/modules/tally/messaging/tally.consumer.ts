/**
 * Consumes capture.v1 for the safety tally: a closed day's misses become penalties
 * (app/apply-tally-penalties.ts). Its own Kafka group and inbox namespace: results-scoring.tally.
 */
import { TOPICS, factPayloadOn, unhandledFact, type Fact, type TallyDayClosed } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { applyTallyPenalties } from '../app/apply-tally-penalties.js';

function closedDay(context: ServiceContext, client: PoolClient, fact: Fact, closed: TallyDayClosed): Promise<void> | undefined {
  if (!fact.eventId || !closed.policy) return;
  return applyTallyPenalties(context, client, {
    eventId: fact.eventId,
    closingId: closed.closingId,
    day: closed.day,
    policy: { missedSignOut: closed.policy.missedSignOut, missedSignIn: closed.policy.missedSignIn, penaltyPoints: closed.policy.penaltyPoints },
    misses: closed.misses.flatMap((miss) =>
      miss.boatId && (miss.breach === 'sign_out' || miss.breach === 'sign_in')
        ? [{ boatId: miss.boatId, fleetId: miss.fleetId, sailNumber: miss.sailNumber ?? null, breach: miss.breach, raceIds: miss.raceIds }]
        : [],
    ),
    actorUserId: fact.actorUserId ?? null,
    requestId: fact.requestId,
  });
}

export function tallyConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'tally',
    topics: [TOPICS.capture],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.capture]);
      switch (payload.case) {
        case 'tallyDayClosed':
          return closedDay(context, client, fact, payload.value);
        // Finishes and signals are the results module's (provisional results follow the water).
        case 'finishRecorded':
        case 'raceSignalRecorded':
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
