/**
 * Results-scoring's public routes (behind the gateway, under /api/v1):
 *   POST /events/{slug}/races/{raceId}/results   submit (or replace) a race's results       results scope, member
 *   GET  /events/{slug}/results                   results by race, with race/fleet/boat filters
 *   GET  /events/{slug}/standings                 fleet standings (fleet, includeDrops)
 *   POST /events/{slug}/results/publish           provisional → official                      results scope, member
 *   GET  /series/{slug}/standings                 multi-event series standings
 */
import type { Request } from 'express';
import type { z } from 'zod';
import { withTransaction, type PoolClient } from '@regatta/db';
import { HttpProblem, identityOf, notFound, parseInput, requestIdOf, type FieldError, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { raceCompletedFact, raceStartedFact, resultsPublishedFact } from '../messaging/facts.js';
import { recomputeFleet } from '../messaging/recompute.js';
import { lockSeriesOfEvent, seriesEventInputs, seriesEvents } from '../messaging/series-standings.js';
import {
  HandicapError,
  RaceInputError,
  ScoringSetupError,
  combineSeries,
  countedRaces,
  declaredDrops,
  effectiveCode,
  handicapOf,
  needsCourseDistance,
  needsRatings,
  ratingFor,
  scoringSystemOf,
  seriesRuleOf,
} from '../scoring-adapter.js';
import {
  boatsRegisteredElsewhere,
  eventBoats,
  fleetBoats,
  findEventBySlug,
  findFleet,
  findRace,
  findSeriesBySlug,
  listFleets,
  listRaces,
  registeredBoatIds,
  type EventProjection,
  type FleetProjection,
  type RaceWithProgress,
} from '../store/projections.js';
import { eventResults, eventStandings, getProgress, lockFleet, publishEvent, raceResults, replaceResults, saveProgress, type SubmittedEntry } from '../store/results.js';
import { assertMember, canSeeEvent, canSeeOrganization } from './access.js';
import { raceParams, resultsQuery, slugParams, standingsQuery, submitResultsBody, type SubmitResultsBody } from './schemas.js';
import { boatRef, eventRef, guideResult, raceView, resultView, standingView } from './views.js';

/** How long a request waits for a lagging projection before it answers 400/404. */
const SUBMIT_WAIT_MS = 3_000;
const READ_WAIT_MS = 2_000;

/** A path that cannot name anything (e.g. a 300-character slug) is the same 404 as an unknown one, not a 400. */
function pathParams<S extends z.ZodType>(schema: S, req: Request, what: string): z.infer<S> {
  const parsed = schema.safeParse(req.params);
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

const entryProblem = (code: string, detail: string, errors: FieldError[]) => new HttpProblem(400, code, detail, { errors });

export function routes(context: ServiceContext): RouteDefinition[] {
  const { pool } = context;

  /** The event by slug, waiting (bounded) for the projection when it is not there yet. */
  async function eventBySlug(slug: string, waitMs: number): Promise<EventProjection | undefined> {
    let event = await findEventBySlug(pool, slug);
    if (!event && waitMs > 0) {
      await context.waitFor(async () => (event = await findEventBySlug(pool, slug)) !== undefined, waitMs);
    }
    return event;
  }

  async function visibleEvent(req: Request, res: Parameters<typeof identityOf>[0], waitMs: number): Promise<EventProjection> {
    const { slug } = pathParams(slugParams, req, 'Event');
    const event = await eventBySlug(slug, waitMs);
    if (!event || !canSeeEvent(identityOf(res), event)) throw notFound('Event');
    return event;
  }

  const submit: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/races/:raceId/results',
    handler: async (req, res) => {
      const deadline = Date.now() + SUBMIT_WAIT_MS;
      const remaining = () => Math.max(0, deadline - Date.now());
      const identity = identityOf(res);
      pathParams(slugParams, req, 'Event');
      const params = pathParams(raceParams, req, 'Race');
      const body = parseInput(submitResultsBody, req.body, 'body');

      const event = await eventBySlug(params.slug, remaining());
      if (!event) throw notFound('Event');
      assertMember(identity, event);

      let race = await findRace(pool, params.raceId);
      if (!race || race.eventId !== event.id) {
        await context.waitFor(async () => {
          race = await findRace(pool, params.raceId);
          return race !== undefined && race.eventId === event.id;
        }, remaining());
      }
      if (!race || race.eventId !== event.id) throw notFound('Race');
      const theRace: RaceWithProgress = race;
      let fleet = await findFleet(pool, theRace.fleetId);
      if (!fleet) await context.waitFor(async () => (fleet = await findFleet(pool, theRace.fleetId)) !== undefined, remaining());
      if (!fleet) throw notFound('Race');
      const theFleet: FleetProjection = fleet;

      const actualStart = body.actualStart ? new Date(body.actualStart) : theRace.actualStart;
      await checkEntries(body, theRace, theFleet, actualStart, remaining);

      const status = body.status ?? 'finished';
      const entries: SubmittedEntry[] = body.results.map((entry, seq) => ({
        boatId: entry.boat,
        seq,
        status: entry.status,
        code: effectiveCode(entry.status, entry.code ?? null),
        finishTime: entry.finishTime ? new Date(entry.finishTime) : null,
        penaltyPercent: entry.penaltyPercent ?? null,
        penaltyPoints: entry.points ?? null,
        redressMethod: entry.code === 'rdg' ? (entry.redress?.method ?? 'average_all') : null,
        redressPoints: entry.code === 'rdg' ? (entry.redress?.points ?? null) : null,
        notes: entry.notes ?? null,
      }));
      const requestId = requestIdOf(req);
      const publish = context.publish.bind(context);
      const now = new Date();

      const record = async (client: PoolClient) => {
        // recomputeFleet takes the same locks (series, then fleet); taking them first keeps "read progress, write" atomic.
        await lockSeriesOfEvent(client, event.id);
        await lockFleet(client, theFleet.id);
        const before = await getProgress(client, theRace.id);
        const previousStart = before?.actualStart ?? null;
        const previousStatus = before?.status ?? theRace.scheduledStatus;
        await saveProgress(client, {
          raceId: theRace.id,
          eventId: event.id,
          fleetId: theFleet.id,
          actualStart,
          status,
          resultsSubmittedAt: now,
          published: false,
          publishedAt: null,
        });
        await replaceResults(client, { raceId: theRace.id, eventId: event.id, fleetId: theFleet.id }, entries);
        const current: RaceWithProgress = { ...theRace, status, actualStart, hasResults: true, published: false, publishedAt: null };
        const meta = { event, requestId };
        if (actualStart && !previousStart) await publish(client, raceStartedFact(meta, current));
        const completed = (status === 'finished' || status === 'abandoned') && previousStatus !== status;
        const outcome = await recomputeFleet(client, event, theFleet, {
          publish,
          requestId,
          alwaysPublishRaces: [theRace.id],
          beforeStandings: async () => {
            if (!completed) return;
            const lastFinish = entries.reduce<Date | null>((latest, e) => (e.finishTime && (!latest || e.finishTime > latest) ? e.finishTime : latest), null);
            await publish(client, raceCompletedFact(meta, current, status === 'finished' ? (lastFinish ?? now) : now));
          },
        });
        return { rows: await raceResults(client, theRace.id), boatsInStandings: outcome.score.standings.length };
      };
      const { rows, boatsInStandings } = await withTransaction(pool, async (client) => {
        try {
          return await record(client);
        } catch (error) {
          // Inputs the checks above let through but the engine cannot score: a 400, not a 500.
          if (error instanceof RaceInputError || error instanceof HandicapError || error instanceof ScoringSetupError) {
            throw new HttpProblem(400, 'unscorable_results', `These results cannot be scored: ${error.message}`);
          }
          throw error;
        }
      });

      res.json({
        data: rows.map((row) => resultView(row, { published: false })),
        message: `Results of ${theRace.name} (${theFleet.name}) recorded for ${rows.length} boat${rows.length === 1 ? '' : 's'}; standings of ${theFleet.name} updated (${boatsInStandings} boats).`,
      });
    },
  };

  /** Per-entry checks that need the race and fleet (each with its own problem code). */
  async function checkEntries(body: SubmitResultsBody, race: RaceWithProgress, fleet: FleetProjection, actualStart: Date | null, remaining: () => number) {
    const seen = new Map<string, number>();
    const duplicates: FieldError[] = [];
    body.results.forEach((entry, i) => {
      const first = seen.get(entry.boat);
      if (first !== undefined) duplicates.push({ field: `results.${i}.boat`, message: `boat ${entry.boat} is already listed at results.${first}` });
      else seen.set(entry.boat, i);
    });
    if (duplicates.length > 0) throw entryProblem('duplicate_boat', 'A boat is listed more than once; send one entry per boat.', duplicates);

    const missingTimes: FieldError[] = [];
    body.results.forEach((entry, i) => {
      if (entry.status === 'finished' && !entry.finishTime) missingTimes.push({ field: `results.${i}.finishTime`, message: `boat ${entry.boat} finished but has no finishTime` });
    });
    if (missingTimes.length > 0) throw entryProblem('missing_finish_time', 'Every boat with status finished needs a finishTime.', missingTimes);

    const timed = body.results.some((entry) => entry.finishTime);
    if (timed && !actualStart) {
      throw entryProblem('missing_actual_start', 'Finish times need the race start: send actualStart.', [
        { field: 'actualStart', message: 'required when any boat has a finishTime (no start has been recorded for this race)' },
      ]);
    }
    const early: FieldError[] = [];
    body.results.forEach((entry, i) => {
      if (entry.finishTime && actualStart && new Date(entry.finishTime).getTime() <= actualStart.getTime()) {
        early.push({ field: `results.${i}.finishTime`, message: `finishTime ${entry.finishTime} is not after the start ${actualStart.toISOString()}` });
      }
    });
    if (early.length > 0) throw entryProblem('finish_before_start', 'A finish time is at or before the race start.', early);

    // Boats must be registered in the race's fleet; wait (bounded) for registrations still on their
    // way, except when every missing boat is known to be registered in another fleet of the event.
    const boatIds = [...seen.keys()];
    let registered = await registeredBoatIds(pool, fleet.id, boatIds);
    const missing = boatIds.filter((id) => !registered.has(id));
    const elsewhere = missing.length > 0 ? await boatsRegisteredElsewhere(pool, race.eventId, fleet.id, missing) : new Set<string>();
    if (missing.some((id) => !elsewhere.has(id))) {
      await context.waitFor(async () => {
        registered = await registeredBoatIds(pool, fleet.id, boatIds);
        return registered.size === boatIds.length;
      }, remaining());
    }
    const unknown: FieldError[] = [];
    body.results.forEach((entry, i) => {
      if (!registered.has(entry.boat)) unknown.push({ field: `results.${i}.boat`, message: `boat ${entry.boat} is not registered in fleet ${fleet.name}` });
    });
    if (unknown.length > 0) throw entryProblem('unknown_boat', `Every boat must be registered in the race's fleet (${fleet.name}).`, unknown);

    if (needsRatings(fleet)) {
      const boats = new Map((await fleetBoats(pool, fleet.id)).map((b) => [b.boatId, b] as const));
      const unrated: FieldError[] = [];
      body.results.forEach((entry, i) => {
        const boat = boats.get(entry.boat);
        if (!boat || ratingFor(fleet, boat.ratings) === undefined) {
          unrated.push({ field: `results.${i}.boat`, message: `boat ${entry.boat} has no ${fleet.handicapSystem} rating` });
        }
      });
      if (unrated.length > 0) throw entryProblem('missing_rating', `Fleet ${fleet.name} scores on ${handicapOf(fleet).kind} corrected time; every boat needs a rating.`, unrated);
    }
    if (needsCourseDistance(fleet) && race.distanceNm === null && body.results.some((entry) => entry.status === 'finished')) {
      throw entryProblem('missing_course_distance', `Fleet ${fleet.name} corrects time on distance, but race ${race.name} has no course distance.`, [
        { field: 'results', message: 'the race needs a course distance (set on the race schedule)' },
      ]);
    }
  }

  const getResults: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/results',
    handler: async (req, res) => {
      const query = parseInput(resultsQuery, req.query, 'query');
      const event = await visibleEvent(req, res, READ_WAIT_MS);
      const [fleets, races, rows, boats] = await Promise.all([listFleets(pool, event.id), listRaces(pool, event.id), eventResults(pool, event.id), eventBoats(pool, event.id)]);
      const fleetName = new Map(fleets.map((f) => [f.id, f.name] as const));

      let selected = races;
      if (query.fleet) {
        const wanted = query.fleet.toLowerCase();
        const fleet = fleets.find((f) => f.id === query.fleet) ?? fleets.find((f) => f.name.toLowerCase() === wanted);
        if (!fleet) throw notFound('Fleet');
        selected = selected.filter((r) => r.fleetId === fleet.id);
      }
      if (query.race) {
        const byId = selected.filter((r) => r.id === query.race);
        const number = /^\d+$/.test(query.race) ? Number(query.race) : undefined;
        selected = byId.length > 0 ? byId : selected.filter((r) => r.number === number);
        if (selected.length === 0) throw notFound('Race');
      }
      const rowsByRace = new Map<string, typeof rows>();
      for (const row of rows) rowsByRace.set(row.raceId, [...(rowsByRace.get(row.raceId) ?? []), row]);

      const boatFilter = query.boat?.toLowerCase().replace(/\s+/g, '');
      const matchesBoat = (boatId: string, fleetId: string) => {
        if (!boatFilter) return true;
        if (boatId.toLowerCase() === boatFilter) return true;
        const sail = boats.get(`${fleetId}/${boatId}`)?.sailNumber;
        return !!sail && sail.toLowerCase().replace(/\s+/g, '') === boatFilter;
      };

      const out = [...selected]
        .sort((a, b) => a.number - b.number || (fleetName.get(a.fleetId) ?? '').localeCompare(fleetName.get(b.fleetId) ?? '') || a.id.localeCompare(b.id))
        .map((race) => {
          const name = fleetName.get(race.fleetId) ?? '';
          const results = (rowsByRace.get(race.id) ?? [])
            .filter((row) => matchesBoat(row.boatId, race.fleetId))
            .map((row) => guideResult(row, boats.get(`${race.fleetId}/${row.boatId}`), name));
          return { race: raceView(race, name), results };
        })
        .filter((item) => !boatFilter || item.results.length > 0);

      res.json({ data: { event: eventRef(event), races: out } });
    },
  };

  const getStandings: RouteDefinition = {
    method: 'get',
    path: '/api/v1/events/:slug/standings',
    handler: async (req, res) => {
      const query = parseInput(standingsQuery, req.query, 'query');
      const event = await visibleEvent(req, res, READ_WAIT_MS);
      const [fleets, races, stored] = await Promise.all([listFleets(pool, event.id), listRaces(pool, event.id), eventStandings(pool, [event.id])]);
      let selected = fleets;
      if (query.fleet) {
        const wanted = query.fleet.toLowerCase();
        const fleet = fleets.find((f) => f.id === query.fleet) ?? fleets.find((f) => f.name.toLowerCase() === wanted);
        if (!fleet) throw notFound('Fleet');
        selected = [fleet];
      }
      const byFleet = new Map(stored.map((s) => [s.fleetId, s] as const));
      const fleetSummaries = selected.map((fleet) => {
        const snapshot = byFleet.get(fleet.id);
        const counted = countedRaces(races.filter((r) => r.fleetId === fleet.id));
        return {
          id: fleet.id,
          name: fleet.name,
          scoringSystem: {
            type: snapshot?.scoringSystem ?? scoringSystemOf(fleet),
            drops: snapshot?.drops ?? declaredDrops(fleet),
            appliedDrops: snapshot?.appliedDrops ?? 0,
          },
          handicapSystem: fleet.handicapSystem,
          racesCompleted: snapshot?.racesCompleted ?? 0,
          provisional: counted.some((r) => !r.published),
        };
      });
      const types = [...new Set(fleetSummaries.map((f) => f.scoringSystem.type))];
      const scoringSystem =
        fleetSummaries.length === 1
          ? fleetSummaries[0]!.scoringSystem
          : {
              type: types.length === 1 ? types[0]! : types.length === 0 ? 'low_point' : 'mixed',
              drops: Math.max(0, ...fleetSummaries.map((f) => f.scoringSystem.drops)),
              appliedDrops: Math.max(0, ...fleetSummaries.map((f) => f.scoringSystem.appliedDrops)),
            };
      const standings = selected.flatMap((fleet) => (byFleet.get(fleet.id)?.entries ?? []).map((entry) => standingView(entry, fleet, query.includeDrops)));
      res.json({ data: { event: eventRef(event), scoringSystem, standings, fleets: fleetSummaries } });
    },
  };

  const publishResults: RouteDefinition = {
    method: 'post',
    path: '/api/v1/events/:slug/results/publish',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug } = pathParams(slugParams, req, 'Event');
      const event = await eventBySlug(slug, SUBMIT_WAIT_MS);
      if (!event) throw notFound('Event');
      assertMember(identity, event);
      const at = new Date();
      const requestId = requestIdOf(req);
      const changed = await withTransaction(pool, async (client) => {
        const races = await publishEvent(client, event.id, at);
        if (races.length > 0) {
          const fleetIds = [...new Set(races.map((r) => r.fleetId))];
          await context.publish(client, resultsPublishedFact({ event, requestId }, at, races.map((r) => r.raceId), fleetIds));
        }
        return races;
      });
      const raceIds = changed.map((r) => r.raceId);
      res.json({
        data: { event: eventRef(event), publishedAt: changed.length > 0 ? at.toISOString() : null, raceIds, fleetIds: [...new Set(changed.map((r) => r.fleetId))] },
        message: changed.length > 0 ? `Results of ${changed.length} race${changed.length === 1 ? '' : 's'} are now official.` : 'There were no provisional results to publish.',
      });
    },
  };

  const seriesStandings: RouteDefinition = {
    method: 'get',
    path: '/api/v1/series/:slug/standings',
    handler: async (req, res) => {
      const identity = identityOf(res);
      const { slug } = pathParams(slugParams, req, 'Series');
      const query = parseInput(standingsQuery, req.query, 'query');
      let series = await findSeriesBySlug(pool, slug);
      if (!series) await context.waitFor(async () => (series = await findSeriesBySlug(pool, slug)) !== undefined, READ_WAIT_MS);
      if (!series || !canSeeOrganization(identity, series.organizationId)) throw notFound('Series');
      const events = await seriesEvents(pool, series, (event) => canSeeEvent(identity, event));
      const inputs = await seriesEventInputs(pool, events);
      const rule = seriesRuleOf(series.scoringRule);
      const wanted = query.fleet?.toLowerCase();
      const standings = combineSeries(rule, series.bestOf, inputs)
        .filter((entry) => !wanted || entry.fleet.toLowerCase() === wanted)
        .map((entry) => ({
          position: entry.position,
          boat: boatRef(entry.boatId, { name: entry.boatName, sailNumber: entry.sailNumber }),
          skipper: entry.sailorName,
          fleet: entry.fleet,
          totalPoints: entry.totalPoints,
          netPoints: entry.netPoints,
          eventsSailed: entry.eventsSailed,
          eventResults: entry.eventResults
            .filter((cell) => query.includeDrops || !cell.dropped)
            .map((cell) => ({ event: cell.event, eventId: cell.eventId, points: cell.points, place: cell.place, dropped: cell.dropped, absent: cell.absent })),
        }));
      res.json({
        data: {
          series: { id: series.id, slug: series.slug, name: series.name, year: series.year, scoringRule: rule, bestOf: series.bestOf },
          events: events.map(eventRef),
          standings,
        },
      });
    },
  };

  return [submit, getResults, getStandings, publishResults, seriesStandings];
}
