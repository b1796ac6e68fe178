/**
 * Consumes capture.v1: a race's provisional results follow the finishes recorded on the water
 * (app/follow-capture.ts), from each finish record and from each signal of a race with finishes
 * (a start recorded after the first finishes). Its own Kafka group and inbox namespace: results-scoring.capture.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type CaptureRaceStart, type Fact, type FinishRecorded, type RaceSignalRecorded } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ConsumerDefinition, ServiceContext } from '@regatta/runtime';
import { followCapture } from '../app/follow-capture.js';

type RaceFinishes = Pick<FinishRecorded, 'places' | 'codes' | 'recorders'>;

function follow(context: ServiceContext, client: PoolClient, fact: Fact, raceId: string, start: CaptureRaceStart | undefined, race: RaceFinishes): Promise<void> | undefined {
  if (!fact.eventId) return;
  return followCapture(context, client, {
    eventId: fact.eventId,
    raceId,
    waterStatus: start?.status ?? null,
    startAt: start?.status === 'started' && start.startAt ? timestampDate(start.startAt) : null,
    places: race.places.flatMap((place) => (place.boatId && place.at ? [{ boatId: place.boatId, at: timestampDate(place.at) }] : [])),
    codes: race.codes.flatMap((entry) => (entry.boatId ? [{ boatId: entry.boatId, code: entry.code }] : [])),
    recorders: race.recorders.map((recorder) => recorder.label),
    actorUserId: fact.actorUserId ?? null,
    requestId: fact.requestId,
  });
}

/** A start recorded after the first finishes (another device's start, say) places them now. */
async function followSignal(context: ServiceContext, client: PoolClient, fact: Fact, recorded: RaceSignalRecorded): Promise<void> {
  for (const race of recorded.finishes) {
    await follow(context, client, fact, race.raceId, recorded.starts.find((start) => start.raceId === race.raceId), race);
  }
}

export function captureConsumer(context: ServiceContext): ConsumerDefinition {
  return {
    name: 'capture',
    topics: [TOPICS.capture],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.capture]);
      switch (payload.case) {
        case 'finishRecorded':
          return payload.value.record ? follow(context, client, fact, payload.value.record.raceId, payload.value.start, payload.value) : undefined;
        case 'raceSignalRecorded':
          return followSignal(context, client, fact, payload.value);
        // A closed day of the safety tally is the tally module's (its own consumer applies the penalties).
        case 'tallyDayClosed':
          return;
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
