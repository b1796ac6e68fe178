/**
 * The race committee's split series: define it (PUT split-series) and split the fleets (POST split).
 * Members (member or admin) of the event's organization; the gateway requires the `results` scope.
 * The definition can change, and a split be made again, until the fleets it feeds have results
 * (409 split_series_locked). Each split publishes fleet.split in its transaction; a split and a
 * definition publish split.standings.updated (the overall standings the sailors' rankings use).
 */
import { withTransaction } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { assignFleets, medalFleet, SplitAssignError, type Assignment } from '../domain/split-assign.js';
import { scoreSplit } from '../domain/split-scoring.js';
import { definitionErrors, definitionFleets, type SplitMethod, type SplitSeriesDefinition } from '../domain/split-series-setup.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { listFleets } from '../../shared/store/projections/fleets.js';
import { fleetsHaveResults, getSplitDefinition, lockSplit, saveSplit, saveSplitDefinition, type StoredSplit } from '../store/split-series.js';
import { assertCommittee } from '../../shared/app/access.js';
import { eventBySlug } from '../../shared/app/find-event.js';
import { PROJECTION_WAIT, awaitCondition } from '../../shared/app/projection-wait.js';
import { fleetSplitFact, publishSplitStandings } from './split-facts.js';
import { loadSplit, type BoatLabel } from './split-input.js';

async function committeeEvent(context: ServiceContext, identity: Identity, slug: string): Promise<EventProjection> {
  const event = await eventBySlug(context, slug, PROJECTION_WAIT.WRITE_MS);
  if (!event) throw notFound('Event');
  assertCommittee(identity, event);
  return event;
}

export async function defineSplitSeries(context: ServiceContext, identity: Identity, slug: string, definition: SplitSeriesDefinition): Promise<{ event: EventProjection; definition: SplitSeriesDefinition; updatedAt: Date }> {
  const event = await committeeEvent(context, identity, slug);
  // Fleets created a moment ago may still be on their way to the projection: wait (bounded) for them.
  let fleets = new Set<string>();
  await awaitCondition(
    context,
    async () => {
      fleets = new Set((await listFleets(context.pool, event.id)).map((f) => f.id));
      return definitionFleets(definition).every((id) => fleets.has(id));
    },
    PROJECTION_WAIT.WRITE_MS,
  );
  const { unknown, repeated } = definitionErrors(definition, fleets);
  if (unknown.length > 0) throw problem('unknown_fleet', 'The split series names a fleet that is not part of this event.', { errors: unknown.map((field) => ({ field, message: 'is not a fleet of this event' })) });
  if (repeated.length > 0) throw problem('validation_failed', 'A fleet may play one part only in a split series.', { errors: repeated });
  return withTransaction(context.pool, async (client) => {
    await lockSplit(client, event.id);
    const before = await getSplitDefinition(client, event.id);
    if (before && (await fleetsHaveResults(client, [...before.definition.finalFleets, ...(before.definition.medal ? [before.definition.medal.fleetId] : [])]))) {
      throw problem('split_series_locked', 'The final fleets already have results: the split series can no longer change.');
    }
    const at = new Date();
    await saveSplitDefinition(client, event.id, definition, at);
    // A new definition voids the splits made under the old one (no final results exist yet).
    if (before && definitionFleets(before.definition).join() !== definitionFleets(definition).join()) {
      await saveSplit(client, event.id, 'medal', null);
      await saveSplit(client, event.id, 'final', null);
    }
    await publishSplitStandings(client, event, { publish: (c, fact) => context.publish(c, fact) });
    return { event, definition, updatedAt: at };
  });
}

export interface SplitOutcome {
  event: EventProjection;
  stage: 'final' | 'medal';
  method: SplitMethod;
  fleets: { fleetId: string; boats: ({ boatId: string; rank: number } & BoatLabel)[] }[];
  assignedAt: Date;
}

export async function splitFleets(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  request: { stage: 'final' | 'medal'; method: SplitMethod; assignments: Assignment[]; requestId?: string | undefined },
): Promise<SplitOutcome> {
  const event = await committeeEvent(context, identity, slug);
  return withTransaction(context.pool, async (client) => {
    await lockSplit(client, event.id);
    const stored = await getSplitDefinition(client, event.id);
    if (!stored) throw notFound('Split series');
    const { definition } = stored;
    const locked = request.stage === 'final' ? [...definition.finalFleets, ...(definition.medal ? [definition.medal.fleetId] : [])] : definition.medal ? [definition.medal.fleetId] : [];
    if (await fleetsHaveResults(client, locked)) throw problem('split_series_locked', `The ${request.stage} fleets already have results: this split can no longer change.`);
    const loaded = await loadSplit(client, event.id, definition);
    let fleets: Record<string, string[]>;
    let ranking: string[];
    try {
      if (request.stage === 'final') {
        // The qualifying ranking (A9 redress averaged over the qualifying races sailed).
        ranking = scoreSplit({ ...loaded.input, final: null, medal: null }).result.standings.map((s) => s.boatId);
        fleets = assignFleets(ranking, definition.finalFleets, request.method, request.assignments);
      } else {
        if (!definition.medal) throw problem('split_stage_not_ready', 'The split series has no medal race.');
        if (!loaded.input.final) throw problem('split_stage_not_ready', 'The medal split comes after the final split.');
        // The opening series (qualifying and final) ranking: gold first.
        ranking = scoreSplit({ ...loaded.input, medal: null }).result.standings.map((s) => s.boatId);
        fleets = { [definition.medal.fleetId]: medalFleet(ranking, definition.medal.size, definition.medal.fleetId, request.method, request.assignments) };
      }
    } catch (error) {
      if (error instanceof SplitAssignError) throw problem(error.code, error.message, { errors: error.errors });
      throw error;
    }
    const assignedAt = new Date();
    if (request.stage === 'final') await saveSplit(client, event.id, 'medal', null);
    await saveSplit(client, event.id, request.stage, { method: request.method, fleets, assignedAt });
    await context.publish(client, fleetSplitFact({ event, requestId: request.requestId }, { stage: request.stage, method: request.method, fleets, assignedAt }));
    await publishSplitStandings(client, event, { publish: (c, fact) => context.publish(c, fact), requestId: request.requestId });
    const rank = new Map(ranking.map((id, i) => [id, i + 1] as const));
    return {
      event,
      stage: request.stage,
      method: request.method,
      assignedAt,
      fleets: Object.entries(fleets).map(([fleetId, boats]) => ({
        fleetId,
        boats: boats.map((boatId) => ({ boatId, rank: rank.get(boatId)!, ...(loaded.labels.get(boatId) ?? { boatName: boatId, sailNumber: null }) })),
      })),
    };
  });
}

export type { StoredSplit };
