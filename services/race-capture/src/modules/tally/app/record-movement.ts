/**
 * A sign-out or sign-in of a boat, atomically and idempotently: the same id and body again is a
 * replay (nothing written), the same id with another body a conflict. The shore team signs any boat
 * entered; an entrant her own. A movement kept on a device offline carries the time it was tapped
 * (within bounds: tally-time.ts); that time is the movement's and names its day (the regatta's
 * wall-clock day), the server's receipt is kept beside it. The persons on board default to those
 * she signed out with (a one-tap sign-in), else her entry's.
 */
import { withTransaction } from '@regatta/db';
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { movementHash, personsFor, tallyDay, type Movement, type MovementInput } from '../domain/tally.js';
import { deviceTimeRefusal } from '../domain/tally-time.js';
import { boatOf, insertMovement, lockBoat, movementById, movementsOfDay } from '../store/tally.js';
import type { TallyCaller } from './tally-caller.js';

export type MovementOutcome = 'recorded' | 'replayed';

const conflict = (id: string) => problem('capture_id_conflict', `A sign-out or sign-in with id ${id} was sent before with a different body; a new one needs a new id.`);

export async function recordMovement(context: ServiceContext, caller: TallyCaller, input: MovementInput): Promise<{ outcome: MovementOutcome; movement: Movement }> {
  const receivedAt = new Date();
  const day = tallyDay(input.at ?? receivedAt, caller.event.timeZone);
  return withTransaction(context.pool, async (client) => {
    const known = await movementById(client, input.id);
    if (known) {
      // A retry the next day still names the day it was kept on (and its device time, however old).
      if (known.eventId !== caller.event.id || known.bodyHash !== movementHash({ ...input, day: known.movement.day })) throw conflict(input.id);
      return { outcome: 'replayed', movement: known.movement };
    }
    const refusal = input.at ? deviceTimeRefusal(input.at, receivedAt) : null;
    if (refusal) throw problem(refusal.code, refusal.detail, { errors: [{ field: 'at', message: refusal.code === 'time_in_future' ? 'must not be more than 2 minutes ahead of the server clock' : 'must not be more than 24 hours old' }] });
    const boat = await boatOf(client, caller.event.id, input.registrationId);
    if (!boat) {
      throw problem('unknown_boat', `Entry ${input.registrationId} is not a boat entered in this regatta.`, { errors: [{ field: 'registrationId', message: 'is not a boat entered in this regatta' }] });
    }
    if (!caller.shoreTeam && boat.userId !== caller.userId) {
      throw problem('not_your_boat', 'An entrant signs out and in only the boats she entered; the shore team signs any boat.', { errors: [{ field: 'registrationId', message: 'is not a boat you entered' }] });
    }
    await lockBoat(client, boat.registrationId);
    const lastOut = (await movementsOfDay(client, caller.event.id, day, [boat.registrationId])).filter((movement) => movement.kind === 'out').at(-1);
    const persons = personsFor(input, boat, lastOut);
    const hash = movementHash({ ...input, day });
    const stored = await insertMovement(client, caller.event.id, { id: input.id, registrationId: boat.registrationId, day, kind: input.kind, ...persons, at: input.at, receivedAt, recorder: caller.recorder }, hash);
    if (!stored.inserted && stored.bodyHash !== hash) throw conflict(input.id);
    return { outcome: stored.inserted ? 'recorded' : 'replayed', movement: stored.movement };
  });
}
