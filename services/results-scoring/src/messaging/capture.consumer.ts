/**
 * Consumes capture.v1: a race's provisional results follow the finishes recorded on the water
 * (app/follow-capture.ts). Its own Kafka group and inbox namespace: results-scoring.capture.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type Fact, type FinishRecorded } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { followCapture } from '../app/follow-capture.js';

function follow(context: ServiceContext, client: PoolClient, fact: Fact, recorded: FinishRecorded): Promise<void> | undefined {
  if (!recorded.record || !fact.eventId) return;
  return followCapture(context, client, {
    eventId: fact.eventId,
    raceId: recorded.record.raceId,
    startAt: recorded.start?.startAt ? timestampDate(recorded.start.startAt) : null,
    places: recorded.places.flatMap((place) => (place.boatId && place.at ? [{ boatId: place.boatId, at: timestampDate(place.at) }] : [])),
    codes: recorded.codes.flatMap((entry) => (entry.boatId ? [{ boatId: entry.boatId, code: entry.code }] : [])),
    recorders: recorded.recorders.map((recorder) => recorder.label),
    actorUserId: fact.actorUserId ?? null,
    requestId: fact.requestId,
  });
}

export function captureConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'capture',
    topics: [TOPICS.capture],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.capture]);
      switch (payload.case) {
        case 'finishRecorded':
          return follow(context, client, fact, payload.value);
        // A signal alone changes no results: the next finish record carries the start in force.
        case 'raceSignalRecorded':
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
