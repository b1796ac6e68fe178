/**
 * Preview route (behind the gateway, under /api/v1):
 *   POST /events/{slug}/races/{raceId}/results/preview   score a proposed sheet without storing it   results scope, member
 *
 * The body is a submission's (submitResultsBody); the answer is the race as it would score and the
 * fleet's standings as they would be, each boat with the place it holds now and how far it moves.
 */
import { identityOf, parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { eventRef } from '../domain/public-views.js';
import { previewResults, type PreviewedResults } from '../app/preview-results.js';
import type { ResultsResources } from '../app/resources.js';
import { pathParams, raceParams, slugParams, submitResultsBody } from './results.schemas.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function previewView(preview: PreviewedResults) {
  return {
    data: {
      event: eventRef(preview.event),
      raceId: preview.race.id,
      fleetId: preview.fleet.id,
      results: preview.entries.map(({ entry, position, points }) => ({
        boatId: entry.boatId,
        status: entry.status,
        code: entry.code,
        finishTime: iso(entry.finishTime),
        position,
        points,
      })),
      standings: preview.standings.map(({ now, proposed }) => ({
        boat: { id: proposed.boatId, name: proposed.boatName, sail: proposed.sailNumber },
        position: proposed.position,
        totalPoints: proposed.totalPoints,
        netPoints: proposed.netPoints,
        now: now ? { position: now.position, netPoints: now.netPoints } : null,
        moved: now ? now.position - proposed.position : null,
      })),
      keptDecisions: preview.keptCases,
    },
    message: 'Preview only: nothing was stored.',
  };
}

export function previewRoutes(context: ServiceContext, resources: ResultsResources): RouteDefinition[] {
  const preview: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/races/:raceId/results/preview',
    handler: async (req, res) => {
      const identity = identityOf(res);
      pathParams(slugParams, req, 'Event');
      const { slug, raceId } = pathParams(raceParams, req, 'Race');
      const body = parseInput(submitResultsBody, req.body, 'body');
      res.json(previewView(await previewResults(context, resources, identity, { slug, raceId }, body)));
    },
  };
  return [preview];
}
