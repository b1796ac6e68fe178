/**
 * Consumes capture.v1: a race's provisional results follow the finishes recorded on the water
 * (app/follow-capture.ts). Signals alone change no results. Its own Kafka group and inbox namespace:
 * results-scoring.capture.
 */
import { TOPICS, factPayload, timestampDate } from '@regatta/contracts';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { followCapture } from '../app/follow-capture.js';

export function captureConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'capture',
    topics: [TOPICS.capture],
    async handle(client, fact) {
      const recorded = factPayload(fact, 'finishRecorded');
      if (!recorded?.record || !fact.eventId) return;
      await followCapture(context, client, {
        eventId: fact.eventId,
        raceId: recorded.record.raceId,
        startAt: recorded.start?.startAt ? timestampDate(recorded.start.startAt) : null,
        places: recorded.places.flatMap((place) => (place.boatId && place.at ? [{ boatId: place.boatId, at: timestampDate(place.at) }] : [])),
        codes: recorded.codes.flatMap((entry) => (entry.boatId ? [{ boatId: entry.boatId, code: entry.code }] : [])),
        recorders: recorded.recorders.map((recorder) => recorder.label),
        actorUserId: fact.actorUserId ?? null,
        requestId: fact.requestId,
      });
    },
  };
}
