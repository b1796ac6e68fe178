/**
 * The checks of a submission that need the race, its fleet and the boats' registrations (each refusal
 * a 400 with its own problem code, see domain/submission.ts). Boats still on their way are waited for
 * under the request's budget (shared/app/projection-wait.ts).
 */
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { needsRatings } from '../../shared/domain/fleet-setup.js';
import type { FleetProjection, RaceWithProgress } from '../../shared/domain/records.js';
import { courseDistanceRefusal, ratingRefusal, timingRefusal, unregisteredRefusal, type EntryRefusal, type ResultsSubmission } from '../domain/submission.js';
import { boatsRegisteredElsewhere, fleetBoats, registeredBoatIds } from '../../shared/store/projections/registrations.js';
import { awaitCondition, type WaitBudget } from '../../shared/app/projection-wait.js';

const refuse = (refusal: EntryRefusal | undefined): void => {
  if (refusal) throw problem(refusal.code, refusal.detail, { errors: refusal.errors });
};

export async function checkSubmission(
  context: ServiceContext,
  submission: ResultsSubmission,
  race: RaceWithProgress,
  fleet: FleetProjection,
  actualStart: Date | null,
  budget: WaitBudget,
): Promise<void> {
  const { pool } = context;
  refuse(timingRefusal(submission, actualStart, fleet));

  // Boats must be registered in the race's fleet; wait (bounded) for registrations still on their
  // way, except when every missing boat is known to be registered in another fleet of the event.
  const boatIds = [...new Set(submission.results.map((entry) => entry.boat))];
  let registered = await registeredBoatIds(pool, fleet.id, boatIds);
  const missing = boatIds.filter((id) => !registered.has(id));
  const elsewhere = missing.length > 0 ? await boatsRegisteredElsewhere(pool, race.eventId, fleet.id, missing) : new Set<string>();
  if (missing.some((id) => !elsewhere.has(id))) {
    await awaitCondition(
      context,
      async () => {
        registered = await registeredBoatIds(pool, fleet.id, boatIds);
        return registered.size === boatIds.length;
      },
      budget.remaining(),
    );
  }
  refuse(unregisteredRefusal(submission, registered, fleet));

  if (needsRatings(fleet)) {
    const boats = new Map((await fleetBoats(pool, fleet.id)).map((b) => [b.boatId, b] as const));
    refuse(ratingRefusal(submission, fleet, boats));
  }
  refuse(courseDistanceRefusal(submission, race, fleet));
}
