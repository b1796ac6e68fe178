/**
 * PATCH /events/{slug}/fleets/{fleetId}: changes the fields sent (the creation schema made partial, so
 * every set-up option creation knows). The set-up may change at any time: before results exist it
 * simply applies; after, results-scoring re-scores the fleet from fleet.updated and records the
 * re-score as a revision ("fleet set-up changed by <who>"), so the change is never silent. A set-up the
 * fleet's boats or races cannot be scored under is refused here, before it is stored: a handicap
 * system whose rating an entered boat lacks (missing_rating), or a time-on-distance system while a
 * race has no course distance (missing_course_distance, domain/course-distance.ts).
 */
import { withTransaction } from '@regatta/db';
import { notFound, problem, validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { courseDistanceRefusal } from '../domain/course-distance.js';
import { FLEET_FIELD_COLUMNS, isFleetField, sameFleetValue } from '../domain/fleet-fields.js';
import { discardThresholdProblems, missingRating, resolveHandicapParams } from '../domain/handicap.js';
import { isSetupField } from '../domain/resource-rules.js';
import { enteredBoats, fleetUsage, lockFleetRow, updateFleetColumns } from '../store/fleets.js';
import { fleetRaceDistances } from '../store/races.js';
import { userById } from '../store/projections/identity.js';
import type { FleetRow } from '../store/rows.js';
import { isUniqueViolation, isUuid } from '../store/sql.js';
import { writableEvent } from './access.js';
import type { LazyInput } from './input.js';
import { fleetUpdatedFact } from './resource-facts.js';

export type UpdateFleetInput = Record<string, unknown> & {
  handicap?: { system: string; params?: Record<string, number> | undefined } | undefined;
  discardThresholds?: number[] | undefined;
};

export interface FleetUpdated {
  fleet: FleetRow;
  changed: string[];
  setupChanged: boolean;
  /** Races of the fleet with results when the set-up changed: results-scoring re-scores them. */
  rescored: boolean;
}

/** The stored value of an API field, to compare with the requested one. */
function storedValue(fleet: FleetRow, field: string): unknown {
  if (field === 'handicap') return { system: fleet.handicap_system, params: fleet.handicap_params };
  const columns = (FLEET_FIELD_COLUMNS as Record<string, readonly string[]>)[field]!;
  return (fleet as unknown as Record<string, unknown>)[columns[0]!];
}

export async function updateFleet(context: ServiceContext, identity: Identity, slug: string, fleetId: string, readInput: LazyInput<UpdateFleetInput>, requestId: string): Promise<FleetUpdated> {
  const event = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  // A completed regatta's fleets may still be corrected (and re-scored); a cancelled one is history.
  if (event.status === 'cancelled') throw problem('event_closed', 'The event is cancelled; its fleets can no longer change.');
  try {
    return await withTransaction(context.pool, async (client) => {
      const fleet = isUuid(fleetId) ? await lockFleetRow(client, fleetId) : undefined;
      if (!fleet || fleet.event_id !== event.id) throw notFound(`Fleet ${fleetId}`);
      const values: Record<string, unknown> = {};
      const changed: string[] = [];
      const problems: { field: string; message: string }[] = [];
      for (const [field, raw] of Object.entries(input)) {
        if (raw === undefined || !isFleetField(field)) continue;
        let value = raw;
        if (field === 'handicap') {
          const handicap = raw as NonNullable<UpdateFleetInput['handicap']>;
          const resolved = resolveHandicapParams(handicap.system as FleetRow['handicap_system'], handicap.params);
          problems.push(...resolved.problems);
          value = { system: handicap.system, params: resolved.params };
        }
        if (field === 'discardThresholds') problems.push(...discardThresholdProblems(raw as number[]));
        if (sameFleetValue(storedValue(fleet, field), value)) continue;
        changed.push(field);
        if (field === 'handicap') {
          const handicap = value as { system: string; params: Record<string, number> };
          values['handicap_system'] = handicap.system;
          values['handicap_params'] = handicap.params;
        } else {
          values[FLEET_FIELD_COLUMNS[field][0]] = value;
        }
      }
      if (problems.length > 0) throw validationFailed(problems);
      if (changed.length === 0) return { fleet, changed, setupChanged: false, rescored: false };
      if (typeof values['handicap_system'] === 'string' && values['handicap_system'] !== fleet.handicap_system) {
        // Every entered boat must carry the rating the new system scores by, as registration asks. The
        // fleet row lock (FOR UPDATE, above) waits for entries in progress (they hold it FOR SHARE,
        // register.ts), so this read sees them; entries after it wait and check the new system.
        const system = values['handicap_system'] as FleetRow['handicap_system'];
        const lacking = (await enteredBoats(client, fleet.id)).filter((boat) => missingRating(system, boat.ratings));
        if (lacking.length > 0)
          throw problem('missing_rating', `${lacking.length} entered boat(s) lack the ${missingRating(system, {})?.key ?? system} rating ${system} needs: ${lacking.map((b) => b.sail_number ?? b.name).join(', ')}.`, {
            errors: [{ field: 'handicap.system', message: `entered boats lack the rating ${system} needs` }],
          });
      }
      const setupChanged = changed.some(isSetupField);
      if (setupChanged) {
        const system = (values['handicap_system'] ?? fleet.handicap_system) as FleetRow['handicap_system'];
        const scoringSystem = (values['scoring_system'] ?? fleet.scoring_system) as FleetRow['scoring_system'];
        const refusal = courseDistanceRefusal({ fleetName: fleet.name, system, scoringSystem }, await fleetRaceDistances(client, fleet.id));
        if (refusal)
          throw problem('missing_course_distance', refusal.detail, {
            errors: [{ field: changed.includes('handicap') ? 'handicap.system' : 'scoringSystem', message: `race(s) ${refusal.races.join(', ')} have no course distance` }],
          });
      }
      const updated = await updateFleetColumns(client, fleet.id, values);
      const usage = await fleetUsage(client, fleet.id);
      const by = identity.userId ?? null;
      const byName = by ? ((await userById(client, by))?.name ?? null) : null;
      const changedColumns = changed.flatMap((field) => [...FLEET_FIELD_COLUMNS[field as keyof typeof FLEET_FIELD_COLUMNS]]);
      await context.publish(client, fleetUpdatedFact(updated, event.organization_id, { changedFields: changedColumns, setupChanged, by, byName }, requestId));
      return { fleet: updated, changed, setupChanged, rescored: setupChanged && usage.racesWithResults > 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'fleets_event_name')) throw problem('duplicate_fleet_name', `The event already has a fleet named ${String(input['name'])}.`);
    throw error;
  }
}
