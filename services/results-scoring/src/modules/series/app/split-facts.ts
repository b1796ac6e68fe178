/**
 * Facts of split series on results.v1 (key: the event id; proto/regatta/facts/v1/split.proto):
 * - fleet.split: the final or medal fleets a split dealt, boats in ranking order. A public webhook event.
 * - split.standings.updated: the series' overall standings (medal fleet first, then each final fleet in
 *   order), scored as GET split-standings?stage=overall scores them. Internal: the sailors service ranks
 *   a split regatta by it (docs/rankings.md). Queued by a unit of work (unit-of-work/fleet-change.ts) re-scoring a fleet of the series and by
 *   the split series' definition and splits (app/split-series.ts), in their transaction.
 */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { BoatInfo } from '../../shared/domain/fleet-scoring.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { SplitInputError, type SplitStanding } from '@regatta/scoring-engine';
import { scoreSplit } from '../domain/split-scoring.js';
import { definitionFleets, type SplitSeriesDefinition } from '../domain/split-series-setup.js';
import { fleetBoats } from '../../shared/store/projections/registrations.js';
import { getSplitDefinition, lockSplit } from '../store/split-series.js';
import { PRODUCER } from '../../results/app/facts.js';
import { loadSplit } from './split-input.js';

export function fleetSplitFact(
  meta: { event: EventProjection; requestId?: string | undefined },
  split: { stage: 'final' | 'medal'; method: string; fleets: Record<string, string[]>; assignedAt: Date },
): Fact {
  return newFact(
    'fleet.split',
    'fleetSplit',
    {
      eventId: meta.event.id,
      stage: split.stage,
      method: split.method,
      fleets: Object.entries(split.fleets).map(([fleetId, boatIds]) => ({ fleetId, boatIds })),
      assignedAt: timestampFromDate(split.assignedAt),
    },
    { producer: PRODUCER, eventId: meta.event.id, organizationId: meta.event.organizationId, requestId: meta.requestId ?? null, occurredAt: split.assignedAt },
  );
}

/** The last split made: 'qualifying' before the final split. */
export type SplitFactStage = 'qualifying' | 'final' | 'medal';

export interface SplitOverallRow extends SplitStanding {
  /** The qualifying fleet the boat was entered in. */
  qualifyingFleetId: string;
}

export function splitStandingsFact(
  meta: { event: EventProjection; requestId?: string | undefined },
  definition: SplitSeriesDefinition,
  stage: SplitFactStage,
  rows: readonly SplitOverallRow[],
  boats: ReadonlyMap<string, BoatInfo>,
): Fact {
  return newFact(
    'split.standings.updated',
    'splitStandingsUpdated',
    {
      eventId: meta.event.id,
      qualifyingFleetIds: definition.qualifyingFleets,
      finalFleetIds: definition.finalFleets,
      ...(definition.medal ? { medalFleetId: definition.medal.fleetId } : {}),
      stage,
      boatsInSplit: rows.length,
      entries: rows.map((row) => {
        const boat = boats.get(row.boatId);
        return {
          rank: row.rank,
          boatId: row.boatId,
          userId: boat?.userId ?? '',
          ...(boat?.sailorName ? { sailorName: boat.sailorName } : {}),
          boatName: boat?.name ?? row.boatId,
          ...(boat?.sailNumber ? { sailNumber: boat.sailNumber } : {}),
          qualifyingFleetId: row.qualifyingFleetId,
          ...(row.finalFleet !== null ? { finalFleetId: row.finalFleet } : {}),
          ...(row.medal !== null ? { medal: row.medal } : {}),
          totalPoints: row.total,
          netPoints: row.net,
        };
      }),
    },
    { producer: PRODUCER, eventId: meta.event.id, organizationId: meta.event.organizationId, requestId: meta.requestId ?? null },
  );
}

export interface SplitPublishOptions {
  publish(client: PoolClient, fact: Fact): Promise<void>;
  requestId?: string | undefined;
  /** Only when one of these fleets is part of the event's split series (re-scored fleets). */
  fleetIds?: readonly string[];
}

/**
 * Queues split.standings.updated with the series scored from what this transaction sees. Takes the
 * split lock (after the fleet locks the caller holds; nothing holding it waits for a fleet lock), so
 * two fleets of one series re-scored at once queue their facts in turn, the later one seeing both.
 * A series the engine cannot score (as GET split-standings could not) queues nothing.
 */
export async function publishSplitStandings(client: PoolClient, event: EventProjection, options: SplitPublishOptions): Promise<void> {
  if (options.fleetIds !== undefined) {
    const peek = await getSplitDefinition(client, event.id);
    const fleets = peek ? definitionFleets(peek.definition) : [];
    if (!options.fleetIds.some((id) => fleets.includes(id))) return;
  }
  await lockSplit(client, event.id);
  const stored = await getSplitDefinition(client, event.id);
  if (!stored) return;
  const meta = { event, requestId: options.requestId };
  const { definition } = stored;
  const loaded = await loadSplit(client, event.id, definition);
  let standings: readonly SplitStanding[];
  try {
    standings = scoreSplit(loaded.input).result.standings;
  } catch (error) {
    if (error instanceof SplitInputError) return;
    throw error;
  }
  const qualifyingFleet = new Map(Object.entries(loaded.input.qualifying).flatMap(([fleetId, boats]) => boats.map((boat) => [boat, fleetId] as const)));
  const boats = new Map<string, BoatInfo>();
  for (const fleetId of definition.qualifyingFleets) for (const boat of await fleetBoats(client, fleetId)) if (!boats.has(boat.boatId)) boats.set(boat.boatId, boat);
  const stage: SplitFactStage = loaded.input.medal ? 'medal' : loaded.input.final ? 'final' : 'qualifying';
  const rows = standings.map((s) => ({ ...s, qualifyingFleetId: qualifyingFleet.get(s.boatId) ?? definition.qualifyingFleets[0] ?? '' }));
  await options.publish(client, splitStandingsFact(meta, definition, stage, rows, boats));
}
