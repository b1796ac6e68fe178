/**
 * PATCH /events/{slug}/races/{raceId}: reschedule (scheduledStart), postpone, abandon before the start,
 * or change the race's details and scoring weights. Status here is the schedule's (domain/resource-rules.ts):
 * once a race has started or has results, what happened on the water is results-scoring's to record.
 * A change of weight, mustCount, discardFirst or distance of a race with results is re-scored by
 * results-scoring from race.updated.
 */
import { needsCourseDistance } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { sameFleetValue } from '../domain/fleet-fields.js';
import { raceStatusRefusal, type ScheduleStatus } from '../domain/resource-rules.js';
import { findFleet } from '../store/fleets.js';
import { raceHasResults, raceOfEvent, updateRaceColumns } from '../store/races.js';
import type { RaceRow } from '../store/rows.js';
import { writableEvent } from './access.js';
import type { LazyInput } from './input.js';
import { raceUpdatedFact } from './resource-facts.js';

/** API field → column of the race fields PATCH may change. */
export const RACE_FIELD_COLUMNS = {
  name: 'name',
  scheduledStart: 'scheduled_start',
  status: 'status',
  courseDescription: 'course_description',
  courseDistanceNm: 'course_distance_nm',
  weight: 'weight',
  mustCount: 'must_count',
  discardFirst: 'discard_first',
  windDirection: 'wind_direction',
  windSpeed: 'wind_speed',
  conditions: 'conditions',
  notes: 'notes',
} as const;

export type UpdateRaceInput = Partial<Record<keyof typeof RACE_FIELD_COLUMNS, unknown>> & { status?: ScheduleStatus | undefined };

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

export async function updateRace(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  raceId: string,
  readInput: LazyInput<UpdateRaceInput>,
  requestId: string,
): Promise<{ race: RaceRow; changed: string[] }> {
  const event = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  if (event.status === 'cancelled') throw problem('event_closed', 'The event is cancelled; its races can no longer change.');
  return withTransaction(context.pool, async (client) => {
    const race = await raceOfEvent(client, event.id, raceId, true);
    if (!race) throw notFound(`Race ${raceId}`);
    if (input.status !== undefined) {
      const refusal = raceStatusRefusal({ status: race.status, hasResults: await raceHasResults(client, race.id) }, input.status);
      if (refusal) throw problem(refusal.code, refusal.detail);
    }
    const values: Record<string, unknown> = {};
    const changed: string[] = [];
    for (const [field, column] of Object.entries(RACE_FIELD_COLUMNS)) {
      const value = input[field as keyof typeof RACE_FIELD_COLUMNS];
      if (value === undefined) continue;
      if (sameFleetValue(comparable((race as unknown as Record<string, unknown>)[column]), comparable(value))) continue;
      values[column] = value;
      changed.push(column);
    }
    if ('course_distance_nm' in values && values['course_distance_nm'] === null) {
      const fleet = (await findFleet(client, event.id, race.fleet_id))!;
      if (needsCourseDistance(fleet.handicap_system))
        throw problem('missing_course_distance', `Fleet ${fleet.name} scores ${fleet.handicap_system} (time on distance); the race keeps its courseDistanceNm.`, {
          errors: [{ field: 'courseDistanceNm', message: `required for ${fleet.handicap_system}` }],
        });
    }
    if (changed.length === 0) return { race, changed };
    const updated = await updateRaceColumns(client, race.id, values);
    await context.publish(client, raceUpdatedFact(updated, event.organization_id, race.status, changed, requestId, identity.userId ?? null));
    return { race: updated, changed };
  });
}
