/** POST /events/{slug}/fleets: a fleet with its scoring and handicap set-up (parameters resolved with defaults). */
import { randomUUID } from 'node:crypto';
import type { HandicapSystemName, PenaltyBasis, ScoringSystem } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { problem, validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { isClosedEvent } from '../domain/events.js';
import { discardThresholdProblems, resolveHandicapParams } from '../domain/handicap.js';
import { insertFleet } from '../store/fleets.js';
import type { FleetRow } from '../store/rows.js';
import { isUniqueViolation } from '../store/sql.js';
import { writableEvent } from './access.js';
import { fleetCreatedFact } from './facts.js';
import type { LazyInput } from './input.js';

export interface AddFleetInput {
  name: string;
  classId?: string | null | undefined;
  description?: string | null | undefined;
  maxBoats?: number | null | undefined;
  scoringSystem: ScoringSystem;
  dropRaces: number;
  handicap: { system: HandicapSystemName; params?: Record<string, number> | undefined };
  penaltyBasis: PenaltyBasis;
  discardThresholds: number[];
  finishersPlus?: FleetRow['finishers_plus'] | undefined;
  proportionalDiscards?: FleetRow['proportional_discards'] | undefined;
  redress?: FleetRow['redress'] | undefined;
}

export async function addFleet(context: ServiceContext, identity: Identity, slug: string, readInput: LazyInput<AddFleetInput>, requestId: string): Promise<FleetRow> {
  const event = await writableEvent(context.pool, slug, identity);
  const input = readInput();
  const { params, problems } = resolveHandicapParams(input.handicap.system, input.handicap.params);
  problems.push(...discardThresholdProblems(input.discardThresholds));
  if (problems.length > 0) throw validationFailed(problems);
  if (isClosedEvent(event.status)) throw problem('event_closed', `The event is ${event.status}; fleets can no longer be added.`);
  try {
    return await withTransaction(context.pool, async (client) => {
      const fleet = await insertFleet(client, {
        id: randomUUID(),
        event_id: event.id,
        name: input.name,
        class_id: input.classId ?? null,
        description: input.description ?? null,
        max_boats: input.maxBoats ?? null,
        scoring_system: input.scoringSystem,
        drop_races: input.dropRaces,
        handicap_system: input.handicap.system,
        handicap_params: params,
        penalty_basis: input.penaltyBasis,
        discard_thresholds: input.discardThresholds,
        finishers_plus: input.finishersPlus ?? null,
        proportional_discards: input.proportionalDiscards ?? null,
        redress: input.redress ?? null,
      });
      await context.publish(client, fleetCreatedFact(fleet, event.organization_id, requestId));
      return fleet;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'fleets_event_name')) throw problem('duplicate_fleet_name', `The event already has a fleet named ${input.name}.`);
    throw error;
  }
}
