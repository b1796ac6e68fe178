/**
 * DELETE /events/{slug}/races/{raceId}: only a race that has not started and has no results (409
 * race_has_results). What this service knows of a race's start and results comes from results.v1 a
 * moment after results-scoring recorded them; results submitted within that moment are not seen here,
 * and results-scoring records their removal as a revision under the person who deleted the race (the
 * fact's actor) instead of dropping them (docs/architecture.md, decision 19).
 */
import { withTransaction } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { raceDeletionRefusal } from '../domain/resource-rules.js';
import { deleteRace as deleteRaceRow, raceHasResults, raceOfEvent } from '../store/races.js';
import type { RaceRow } from '../store/rows.js';
import { writableEvent } from './access.js';
import { raceDeletedFact } from './resource-facts.js';

export async function deleteRace(context: ServiceContext, identity: Identity, slug: string, raceId: string, requestId: string): Promise<RaceRow> {
  const event = await writableEvent(context.pool, slug, identity);
  return withTransaction(context.pool, async (client) => {
    const race = await raceOfEvent(client, event.id, raceId, true);
    if (!race) throw notFound(`Race ${raceId}`);
    const refusal = raceDeletionRefusal({ status: race.status, actualStart: race.actual_start, hasResults: await raceHasResults(client, race.id) });
    if (refusal) throw problem(refusal.code, refusal.detail);
    await deleteRaceRow(client, race.id);
    await context.publish(client, raceDeletedFact(race, event.organization_id, requestId, identity.userId ?? null));
    return race;
  });
}
