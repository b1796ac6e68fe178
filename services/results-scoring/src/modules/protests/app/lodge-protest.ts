/**
 * Lodge a protest, request for redress, request to reopen or scoring inquiry (RRS 61, 62, 66). A member
 * of the event's organization lodges any type (as the race or protest committee, or on a boat's behalf);
 * a competitor lodges for her own boat only. The time limit is the latest protest deadline of the races
 * named (set when the results were posted); a case lodged after it is marked late, never refused.
 */
import { withTransaction } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { formRefusal, isLate, lodgerRefusal, protestorPartyOf, type LodgingForm, type LodgingRefusal } from '../domain/lodging.js';
import type { Protest, ProtestContact } from '../domain/records.js';
import type { RaceWithProgress } from '../../shared/domain/records.js';
import { findRace } from '../../shared/store/projections/fleets.js';
import { boatsInEvent, insertProtest } from '../store/protests.js';
import { canSeeEvent } from '../../shared/app/access.js';
import { eventBySlug } from '../../shared/app/find-event.js';
import { viewerOf } from './protest-access.js';
import { protestLodgedFact } from './protest-facts.js';
import { PROJECTION_WAIT, awaitProjection, waitBudget } from '../../shared/app/projection-wait.js';

export interface LodgeProtestInput extends LodgingForm {
  incident: string;
  rulesAlleged: string[];
  contact: ProtestContact | null;
}

export async function lodgeProtest(context: ServiceContext, identity: Identity, request: { slug: string; requestId: string | undefined }, input: LodgeProtestInput): Promise<Protest> {
  const { pool } = context;
  const budget = waitBudget(PROJECTION_WAIT.WRITE_MS);
  const event = await eventBySlug(context, request.slug, budget.remaining());
  if (!event || !canSeeEvent(identity, event)) throw notFound('Event');

  const races: RaceWithProgress[] = [];
  const unknownRaces: { field: string; message: string }[] = [];
  for (const [i, raceId] of input.raceIds.entries()) {
    const race = await awaitProjection(context, () => findRace(pool, raceId), budget.remaining(), (found) => found.eventId === event.id);
    if (race && race.eventId === event.id) races.push(race);
    else unknownRaces.push({ field: `raceIds.${i}`, message: `race ${raceId} is not a race of this event` });
  }
  if (unknownRaces.length > 0) throw problem('unknown_race', 'A race named is not part of this event.', { errors: unknownRaces });

  let viewer = await viewerOf(pool, identity, event);
  if (!viewer.member && input.protestorBoatId && !viewer.ownBoatIds.has(input.protestorBoatId)) {
    // A registration made a moment ago may not be projected yet: wait for it under the same budget.
    const boat = input.protestorBoatId;
    viewer = (await awaitProjection(context, () => viewerOf(pool, identity, event), budget.remaining(), (found) => found.ownBoatIds.has(boat))) ?? viewer;
  }
  const refusal = formRefusal(input) ?? lodgerRefusal(input, viewer.member ? { kind: 'committee' } : { kind: 'competitor', ownBoatIds: viewer.ownBoatIds });
  if (refusal) throw refused(refusal);

  const named = [...(input.protestorBoatId ? [input.protestorBoatId] : []), ...input.protesteeBoatIds];
  const entered = await boatsInEvent(pool, event.id, named);
  const strangers = named.filter((boat) => !entered.has(boat));
  if (strangers.length > 0) {
    throw problem('unknown_boat', 'Every boat named must be entered in the event.', {
      errors: strangers.map((boat) => ({ field: boat === input.protestorBoatId ? 'protestorBoat' : `protesteeBoats.${input.protesteeBoatIds.indexOf(boat)}`, message: `boat ${boat} is not entered in this event` })),
    });
  }

  const lodgedAt = new Date();
  const deadline = latestDeadline(races);
  return withTransaction(pool, async (client) => {
    const protest = await insertProtest(client, {
      eventId: event.id,
      type: input.type,
      raceIds: races.map((race) => race.id),
      fleetIds: [...new Set(races.map((race) => race.fleetId))],
      protestorParty: protestorPartyOf(input),
      protestorBoatId: input.protestorBoatId,
      protesteeBoatIds: input.protesteeBoatIds,
      incident: input.incident,
      rulesAlleged: input.rulesAlleged,
      contact: input.contact,
      lodgedAt,
      deadline,
      late: isLate(lodgedAt, deadline),
      lodgedByUserId: identity.userId ?? null,
      lodgedByKeyId: identity.keyId ?? null,
      lodgedVia: identity.via,
    });
    await context.publish(client, protestLodgedFact({ event, requestId: request.requestId }, protest));
    return protest;
  });
}

/** The time limit of a case about several races: the latest of theirs (none known: null). */
function latestDeadline(races: RaceWithProgress[]): Date | null {
  return races.reduce<Date | null>((latest, race) => (race.protestDeadline && (!latest || race.protestDeadline > latest) ? race.protestDeadline : latest), null);
}

function refused(refusal: LodgingRefusal) {
  if (refusal.code === 'validation_failed') return problem('validation_failed', refusal.detail, { errors: [{ field: refusal.field, message: refusal.detail }] });
  return problem(refusal.code, refusal.detail);
}
