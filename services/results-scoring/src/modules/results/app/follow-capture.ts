/**
 * A race's provisional results follow the finishes recorded on the water (race capture's
 * finish.recorded: the reconciled finish order and the codes in force after each record). Each fact
 * records the race's complete entries through the fleet's unit of work, as every results change does:
 * a revision attributed to the recorders (via "capture"), the fleet re-scored, the same facts as a
 * submission. Boats without a place or code score DNC as in any submission; unidentified boats wait.
 *
 * The race's signals decide what still counts (race capture leaves void records out of the snapshot):
 * an abandonment voids every finish, so the followed race becomes abandoned with no results (RRS 32:
 * not scored); after a general recall only finishes after the new start count, and a race whose
 * finishes were all before it has none again until boats finish after it (RRS 29.2).
 *
 * Capture stops following a race once someone else changed its results (a scorer's submission or
 * correction, a decision, a publication step): from then on the scorer owns it. A snapshot the engine
 * cannot score is skipped (logged), never retried forever.
 */
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection, FleetProjection, RaceWithProgress } from '../../shared/domain/records.js';
import { entriesOf, type SubmittedResult } from '../domain/submission.js';
import { findEventsByIds } from '../../shared/store/projections/events.js';
import { findFleet, findRace } from '../../shared/store/projections/fleets.js';
import { saveProgress } from '../store/results.js';
import { listRevisions } from '../store/revisions.js';
import { raceCompletedFact, raceStartedFact } from './facts.js';
import { changeFleets } from './unit-of-work/fleet-change.js';

/** The actor of a capture revision: the member who recorded (none for a device), via "capture". */
export const CAPTURE_VIA = 'capture';

export interface CapturedRace {
  eventId: string;
  raceId: string;
  /** The race's status on the water (race capture's start snapshot: started, abandoned, scheduled, ...). */
  waterStatus: string | null;
  startAt: Date | null;
  places: Array<{ boatId: string; at: Date }>;
  codes: Array<{ boatId: string; code: string }>;
  recorders: string[];
  actorUserId: string | null;
  requestId: string | undefined;
}

/** Codes seen on the water as the submission's status and code (docs of POST .../results). */
const CODE_STATUS: Record<string, SubmittedResult['status']> = { OCS: 'dns', DNS: 'dns', UFD: 'dsq', BFD: 'dsq', DNF: 'dnf', RET: 'dnf' };

/** The race's results as a submission: placed boats finished at their times, coded boats by their code (a code wins over a finish). */
export function capturedResults(capture: Pick<CapturedRace, 'places' | 'codes'>): SubmittedResult[] {
  const coded = new Map(capture.codes.filter((entry) => CODE_STATUS[entry.code]).map((entry) => [entry.boatId, entry.code]));
  const finished: SubmittedResult[] = capture.places
    .filter((place) => !coded.has(place.boatId))
    .map((place) => ({ boat: place.boatId, status: 'finished', finishTime: place.at.toISOString() }));
  const codes: SubmittedResult[] = [...coded].map(([boat, code]) => ({ boat, status: CODE_STATUS[code]!, code: code.toLowerCase() }));
  return [...finished, ...codes];
}

/** What the water asks of the race's results now. */
export type CaptureChange =
  | { kind: 'none' }
  | { kind: 'follow'; results: SubmittedResult[] }
  | { kind: 'void'; status: 'abandoned' | 'started'; reason: string };

const clock = (at: Date) => at.toISOString().slice(11, 23);

/**
 * The change the captured race asks for, given whether the race has results: its finishes and codes
 * as results once started; its results void when it was abandoned, or when a new start (after a
 * general recall) leaves none of its finishes standing; nothing while no start is in force.
 */
export function captureChange(capture: Pick<CapturedRace, 'waterStatus' | 'startAt' | 'places' | 'codes'>, race: { hasResults: boolean }): CaptureChange {
  if (capture.waterStatus === 'abandoned') {
    return race.hasResults
      ? { kind: 'void', status: 'abandoned', reason: 'Race abandoned on the water: the finishes recorded are void and the race is not scored (RRS 32).' }
      : { kind: 'none' };
  }
  if (capture.waterStatus !== 'started' || !capture.startAt) return { kind: 'none' };
  const results = capturedResults(capture);
  if (results.length > 0) return { kind: 'follow', results };
  return race.hasResults
    ? { kind: 'void', status: 'started', reason: `New start at ${clock(capture.startAt)} after a general recall: the finishes recorded before it are void (RRS 29.2).` }
    : { kind: 'none' };
}

export async function followCapture(context: ServiceContext, client: PoolClient, capture: CapturedRace): Promise<void> {
  const [event] = await findEventsByIds(client, [capture.eventId]);
  const race = await findRace(client, capture.raceId);
  const fleet = race ? await findFleet(client, race.fleetId) : undefined;
  if (!event || !race || !fleet || race.eventId !== event.id) return;
  const asked = captureChange(capture, race);
  if (asked.kind === 'none') return;
  const latest = (await listRevisions(client, event.id, { raceIds: [race.id], limit: 1, offset: 0 })).items[0];
  if (race.hasResults && latest && latest.via !== CAPTURE_VIA) return;
  if (asked.kind === 'void') return voidCaptured(context, client, { event, race, fleet }, capture, asked);

  const entries = entriesOf({ results: asked.results });
  const actualStart = capture.startAt!;
  await client.query('SAVEPOINT follow_capture');
  try {
    await changeFleets(context, client, { event, fleetIds: [fleet.id], requestId: capture.requestId }, async (change) => {
      const locked = change.race(race.id);
      if (!locked) return;
      await saveProgress(client, { raceId: race.id, eventId: event.id, fleetId: fleet.id, actualStart, status: 'finished', resultsSubmittedAt: change.at, published: false, publishedAt: null });
      const current: RaceWithProgress = { ...locked, status: 'finished', actualStart, hasResults: true, published: false, publishedAt: null };
      const meta = { event, requestId: capture.requestId };
      if (!locked.actualStart) change.publish(raceStartedFact(meta, current));
      await change.changeResults(current, entries, {
        kind: locked.hasResults ? 'correction' : 'submission',
        reason: `Finishes recorded on the water by ${capture.recorders.join(', ') || 'the race committee'} (provisional).`,
        actor: { userId: capture.actorUserId, keyId: null, via: CAPTURE_VIA },
      });
      if (locked.status !== 'finished') {
        const lastFinish = capture.places.reduce<Date | null>((latestAt, place) => (!latestAt || place.at > latestAt ? place.at : latestAt), null);
        change.publish(raceCompletedFact(meta, current, lastFinish ?? change.at));
      }
    });
    await client.query('RELEASE SAVEPOINT follow_capture');
  } catch (error) {
    // A snapshot the engine cannot score (a rating missing, say) waits for the scorer; nothing of it stays.
    await client.query('ROLLBACK TO SAVEPOINT follow_capture');
    context.logger.warn({ err: error, raceId: race.id }, 'finishes recorded on the water could not be scored; left to the scorer');
  }
}

type Found = { event: EventProjection; race: RaceWithProgress; fleet: FleetProjection };

/** The followed race's results void (abandoned, or every finish before a new start): no results, the status the water gives, attributed to the recorders. */
async function voidCaptured(context: ServiceContext, client: PoolClient, { event, race, fleet }: Found, capture: CapturedRace, asked: Extract<CaptureChange, { kind: 'void' }>): Promise<void> {
  await changeFleets(context, client, { event, fleetIds: [fleet.id], requestId: capture.requestId }, async (change) => {
    const locked = change.race(race.id);
    if (!locked) return;
    const actualStart = asked.status === 'started' ? capture.startAt : locked.actualStart;
    await saveProgress(client, { raceId: race.id, eventId: event.id, fleetId: fleet.id, actualStart, status: asked.status, resultsSubmittedAt: change.at, published: false, publishedAt: null });
    const current: RaceWithProgress = { ...locked, status: asked.status, actualStart, hasResults: true, published: false, publishedAt: null };
    await change.changeResults(current, [], { kind: 'correction', reason: asked.reason, actor: { userId: capture.actorUserId, keyId: null, via: CAPTURE_VIA } });
    if (asked.status === 'abandoned' && locked.status !== 'abandoned') change.publish(raceCompletedFact({ event, requestId: capture.requestId }, current, change.at));
  });
}
