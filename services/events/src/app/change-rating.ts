/**
 * PUT /events/{slug}/registrations/{id}/ratings: the committee records a boat's new rating in force
 * from a race on (a new certificate mid-series). Publishes registration.updated with the snapshot's
 * rating_changes; results-scoring re-scores the fleet from it. GET returns the same record.
 */
import type { HandicapSystemName } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { notFound, validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { ratingChangeProblems, ratingKeyOf, withRatingChange } from '../domain/rating-changes.js';
import { lockEvent } from '../store/events.js';
import { registrationDetail, setRatingChanges } from '../store/registrations.js';
import type { RegistrationDetailRow } from '../store/rows.js';
import { writableEvent } from './access.js';
import { registrationUpdatedFact } from './facts.js';
import type { LazyInput } from './input.js';
import { entryOf } from './registration-access.js';

export interface RatingChangeInput {
  system: HandicapSystemName;
  value: number;
  fromRace: number;
}

export async function changeRating(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  registrationId: string,
  readInput: LazyInput<RatingChangeInput>,
  requestId: string,
): Promise<RegistrationDetailRow> {
  const event = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  const problems = ratingChangeProblems(input.system, input.value);
  if (problems.length > 0) throw validationFailed(problems);
  return withTransaction(context.pool, async (client) => {
    // The event lock orders this with every other change of the event's entries.
    await lockEvent(client, event.id);
    const current = await registrationDetail(client, event.id, registrationId);
    if (!current) throw notFound(`Registration ${registrationId}`);
    const changes = withRatingChange(current.rating_changes ?? [], {
      system: input.system,
      key: ratingKeyOf(input.system)!,
      value: input.value,
      fromRace: input.fromRace,
      recordedAt: new Date().toISOString(),
    });
    await setRatingChanges(client, current.id, changes);
    const updated = (await registrationDetail(client, event.id, current.id))!;
    await context.publish(client, registrationUpdatedFact(updated, event.organization_id, updated.status, ['rating_changes'], requestId, identity.userId ?? null));
    return updated;
  });
}

/** GET: the entry's ratings and rating changes (the sailor or the organizers). */
export async function getRatings(context: ServiceContext, identity: Identity, slug: string, registrationId: string): Promise<RegistrationDetailRow> {
  return (await entryOf(context.pool, identity, slug, registrationId)).registration;
}
