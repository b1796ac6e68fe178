/** POST /events/{slug}/races: a race of one fleet (numbered next unless given). */
import { randomUUID } from 'node:crypto';
import { needsCourseDistance } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { isClosedEvent } from '../domain/events.js';
import { findFleet } from '../store/fleets.js';
import { insertRace, nextRaceNumber } from '../store/races.js';
import type { FleetRow, RaceRow } from '../store/rows.js';
import { isUniqueViolation } from '../store/sql.js';
import { writableEvent } from './access.js';
import { raceScheduledFact } from './facts.js';
import type { LazyInput } from './input.js';

export interface ScheduleRaceInput {
  fleetId: string;
  name?: string | undefined;
  raceNumber?: number | undefined;
  scheduledStart?: Date | null | undefined;
  courseDescription?: string | null | undefined;
  courseDistanceNm?: number | null | undefined;
  weight: number;
  mustCount: boolean;
  discardFirst: boolean;
  windDirection?: number | null | undefined;
  windSpeed?: number | null | undefined;
  conditions?: string | null | undefined;
  notes?: string | null | undefined;
}

export async function scheduleRace(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  readInput: LazyInput<ScheduleRaceInput>,
  requestId: string,
): Promise<{ race: RaceRow; fleet: FleetRow }> {
  const event = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  const fleet = await findFleet(context.pool, event.id, input.fleetId);
  if (!fleet) throw problem('unknown_fleet', `The event has no fleet ${input.fleetId}.`, { errors: [{ field: 'fleetId', message: 'no such fleet in this event' }] });
  // The scoring system is not passed: every time-on-distance fleet's race states its distance when
  // scheduled, pursuit or not (as this service has always asked).
  if (needsCourseDistance(fleet.handicap_system) && (input.courseDistanceNm === undefined || input.courseDistanceNm === null))
    throw problem('missing_course_distance', `Fleet ${fleet.name} scores ${fleet.handicap_system} (time on distance); give courseDistanceNm.`, {
      errors: [{ field: 'courseDistanceNm', message: `required for ${fleet.handicap_system}` }],
    });
  if (isClosedEvent(event.status)) throw problem('event_closed', `The event is ${event.status}; races can no longer be added.`);
  try {
    const race = await withTransaction(context.pool, async (client) => {
      const raceNumber = input.raceNumber ?? (await nextRaceNumber(client, fleet.id));
      const inserted = await insertRace(client, {
        id: randomUUID(),
        event_id: event.id,
        fleet_id: fleet.id,
        name: input.name ?? `Race ${raceNumber}`,
        race_number: raceNumber,
        scheduled_start: input.scheduledStart ?? null,
        course_description: input.courseDescription ?? null,
        course_distance_nm: input.courseDistanceNm ?? null,
        weight: input.weight,
        must_count: input.mustCount,
        discard_first: input.discardFirst,
        wind_direction: input.windDirection ?? null,
        wind_speed: input.windSpeed ?? null,
        conditions: input.conditions ?? null,
        notes: input.notes ?? null,
      });
      await context.publish(client, raceScheduledFact(inserted, event.organization_id, requestId));
      return inserted;
    });
    return { race, fleet };
  } catch (error) {
    if (isUniqueViolation(error, 'races_fleet_number'))
      throw problem('duplicate_race_number', `Fleet ${fleet.name} already has race number ${input.raceNumber ?? '(next)'}.`);
    throw error;
  }
}
