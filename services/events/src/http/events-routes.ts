/** Events, fleets, races and documents. */
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { withTransaction, type Queryable } from '@regatta/db';
import { HttpProblem, badRequest, conflict, identityOf, notFound, requestIdOf, validationFailed, type Identity, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { EVENT_STATUS_MOVES, PUBLIC_LIST_STATUSES, canMoveEvent, canSeeEvent, dateProblems, describeEventMoves, slugCandidate, slugify } from '../domain/events.js';
import { discardThresholdProblems, needsCourseDistance, resolveHandicapParams } from '../domain/handicap.js';
import { documentAddedFact, eventCreatedFact, eventUpdatedFact, fleetCreatedFact, raceScheduledFact } from '../messaging/facts.js';
import type { EventRow, EventWithOrgRow, OrganizationRow } from '../store/rows.js';
import {
  eventBySlug,
  findFleet,
  findOrganization,
  insertDocument,
  insertEvent,
  insertFleet,
  insertRace,
  isUniqueViolation,
  listEvents,
  lockEvent,
  nextRaceNumber,
  updateEvent,
  EVENT_COLUMNS,
} from '../store/store.js';
import { eventDetail } from '../store/event-detail.js';
import { requireMember, actingUser, viewerOf, type OrgAccess } from './access.js';
import { parse } from './parse.js';
import { promoteWaitlisted } from './registration-routes.js';
import {
  createDocumentBody,
  createEventBody,
  createFleetBody,
  createRaceBody,
  eventDetailQuery,
  listEventsQuery,
  updateEventBody,
} from './schemas.js';
import { documentJson, eventJson, eventSummaryJson, fleetJson, orgRef, orgRefOf, raceJson, registrationWithDetailsJson, resultsJson } from './views.js';

export function orgAccessOfEvent(event: EventWithOrgRow): OrgAccess {
  return { id: event.organization_id, slug: event.org_slug, name: event.org_name, createdBy: event.org_created_by, creatorRevoked: event.org_creator_revoked };
}

export function orgAccessOf(org: OrganizationRow): OrgAccess {
  return { id: org.id, slug: org.slug, name: org.name, createdBy: org.created_by, creatorRevoked: org.creator_revoked };
}

/** The event a caller may see, or 404 (unknown and invisible look the same). */
export async function visibleEvent(db: Queryable, slug: string, identity: Identity): Promise<EventWithOrgRow> {
  const event = await eventBySlug(db, slug);
  if (!event || !canSeeEvent(viewerOf(identity, [orgAccessOfEvent(event)]), { organizationId: event.organization_id, status: event.status })) throw notFound(`Event ${slug}`);
  return event;
}

/** The event, visible and writable by the caller (404, then 403 `not_a_member`). */
export async function writableEvent(db: Queryable, slug: string, identity: Identity): Promise<EventWithOrgRow> {
  const event = await visibleEvent(db, slug, identity);
  requireMember(identity, orgAccessOfEvent(event));
  return event;
}

function slugParam(req: Request): string {
  return String(req.params['slug'] ?? '');
}

/** Finds an organization by slug or id, waiting (bounded) for a just-created one to arrive. */
export async function resolveOrganization(context: ServiceContext, ref: string): Promise<OrganizationRow | undefined> {
  let org = await findOrganization(context.pool, ref);
  if (org) return org;
  await context.waitFor(async () => {
    org = await findOrganization(context.pool, ref);
    return org !== undefined;
  }, 5_000);
  return org;
}


function sameValue(current: unknown, next: unknown): boolean {
  if (current instanceof Date && next instanceof Date) return current.getTime() === next.getTime();
  if (typeof current === 'number' && typeof next === 'string') return current.toFixed(2) === next;
  return current === next;
}

const CURRENT: Record<string, (row: EventRow) => unknown> = {
  name: (row) => row.name,
  description: (row) => row.description,
  venue: (row) => row.venue,
  address: (row) => row.address,
  startDate: (row) => row.start_date,
  endDate: (row) => row.end_date,
  registrationOpen: (row) => row.registration_open,
  registrationClose: (row) => row.registration_close,
  maxParticipants: (row) => row.max_participants,
  entryFee: (row) => row.entry_fee,
  nor: (row) => row.nor,
  sailingInstructions: (row) => row.sailing_instructions,
  status: (row) => row.status,
};

export function eventRoutes(context: ServiceContext): RouteDefinition[] {
  const { pool } = context;

  return [
    {
      method: 'post',
      path: '/api/v1/events',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const userId = actingUser(identity);
        const body = parse(createEventBody, req.body, 'body');
        const org = await resolveOrganization(context, body.organization);
        if (!org) throw badRequest('unknown_organization', `No organization ${body.organization} is known.`, [{ field: 'organization', message: 'no such organization' }]);
        requireMember(identity, orgAccessOf(org));
        const problems = dateProblems({
          startDate: body.startDate,
          endDate: body.endDate,
          registrationOpen: body.registrationOpen ?? null,
          registrationClose: body.registrationClose ?? null,
        });
        if (problems.length > 0) throw validationFailed(problems, 'The dates are not consistent.');

        const year = body.startDate.getUTCFullYear();
        const base = body.slug ?? (new RegExp(`\\b${year}\\b`).test(body.name) ? slugify(body.name) : `${slugify(body.name)}-${year}`);
        for (let attempt = 1; attempt <= 50; attempt += 1) {
          const slug = body.slug ?? slugCandidate(base, attempt);
          try {
            const row = await withTransaction(pool, async (client) => {
              const inserted = await insertEvent(client, {
                id: randomUUID(),
                organizationId: org.id,
                name: body.name,
                slug,
                description: body.description ?? null,
                venue: body.venue ?? null,
                address: body.address ?? null,
                startDate: body.startDate,
                endDate: body.endDate,
                registrationOpen: body.registrationOpen ?? null,
                registrationClose: body.registrationClose ?? null,
                entryFee: body.entryFee ?? null,
                currency: body.currency ?? 'USD',
                maxParticipants: body.maxParticipants ?? null,
                nor: body.nor ?? null,
                sailingInstructions: body.sailingInstructions ?? null,
                settings: body.settings ?? null,
                createdBy: userId,
              });
              await context.publish(client, eventCreatedFact(inserted, orgRefOf(org), requestIdOf(req)));
              return inserted;
            });
            res.status(201).json({ data: eventJson(row, orgRefOf(org)), message: `Event ${row.name} created as a draft.` });
            return;
          } catch (error) {
            if (!isUniqueViolation(error, 'events_slug')) throw error;
            if (body.slug) throw conflict('slug_taken', `The slug ${body.slug} is already taken.`);
          }
        }
        throw conflict('slug_taken', `No free slug was found for ${body.name}; pass one in slug.`);
      },
    },
    {
      method: 'get',
      path: '/api/v1/events',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const query = parse(listEventsQuery, req.query, 'query');
        if (query.after && query.before && query.before.getTime() <= query.after.getTime())
          throw validationFailed([{ field: 'query.before', message: 'must be later than after' }]);
        const rows = await listEvents(pool, {
          statuses: query.status ? [query.status] : [...PUBLIC_LIST_STATUSES],
          q: query.q || undefined,
          after: query.after,
          before: query.before,
          organizationSlug: query.org,
          organizationId: identity.via === 'embed' ? (identity.embedOrganizationId ?? '00000000-0000-0000-0000-000000000000') : undefined,
          limit: query.limit,
          offset: query.offset,
        });
        const page = rows.slice(0, query.limit);
        res.json({ data: page.map(eventSummaryJson), pagination: { limit: query.limit, offset: query.offset, hasMore: rows.length > query.limit } });
      },
    },
    {
      method: 'get',
      path: '/api/v1/events/:slug',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const query = parse(eventDetailQuery, req.query, 'query');
        const include = query.include;
        // The event and everything included in one query (store/event-detail.ts).
        const detail = await eventDetail(pool, slugParam(req), include);
        const event = detail?.event;
        if (!event || !canSeeEvent(viewerOf(identity, [orgAccessOfEvent(event)]), { organizationId: event.organization_id, status: event.status }))
          throw notFound(`Event ${slugParam(req)}`);
        const data: Record<string, unknown> = eventJson(event, orgRef(event));
        const fleets = detail.fleets ?? [];
        if (include.has('fleets')) data['fleets'] = fleets.map(fleetJson);
        if (include.has('races')) data['races'] = (detail.races ?? []).map(raceJson);
        if (include.has('registrations')) {
          let position = 0;
          data['registrations'] = (detail.registrations ?? []).map((row) => registrationWithDetailsJson(row, row.status === 'waitlisted' ? ++position : null));
        }
        if (include.has('results')) data['results'] = resultsJson(detail.results ?? [], new Map(fleets.map((fleet) => [fleet.id, fleet.name])));
        if (include.has('documents')) data['documents'] = (detail.documents ?? []).map(documentJson);
        res.json({ data });
      },
    },
    {
      method: 'put',
      path: '/api/v1/events/:slug',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const existing = await writableEvent(pool, slugParam(req), identity);
        const body = parse(updateEventBody, req.body, 'body');
        const result = await withTransaction(pool, async (client) => {
          const current = (await lockEvent(client, existing.id))!;
          if (body.status !== undefined && !canMoveEvent(current.status, body.status)) {
            throw new HttpProblem(400, 'invalid_status_transition', `The status cannot move from ${current.status} to ${body.status}. ${describeEventMoves(current.status)}`, {
              errors: [{ field: 'status', message: describeEventMoves(current.status) }],
              extensions: { currentStatus: current.status, allowedStatuses: [...EVENT_STATUS_MOVES[current.status]] },
            });
          }
          const problems = dateProblems({
            startDate: body.startDate ?? current.start_date,
            endDate: body.endDate ?? current.end_date,
            registrationOpen: body.registrationOpen ?? current.registration_open,
            registrationClose: body.registrationClose ?? current.registration_close,
          });
          if (problems.length > 0) throw validationFailed(problems, 'The dates are not consistent.');
          const changes: Record<string, unknown> = {};
          for (const [field, value] of Object.entries(body)) {
            if (value === undefined) continue;
            if (!sameValue(CURRENT[field]!(current), value)) changes[field] = value;
          }
          if (Object.keys(changes).length === 0) return { row: current, changed: [] as string[] };
          const row = await updateEvent(client, current.id, changes);
          const changed = Object.keys(changes).map((field) => EVENT_COLUMNS[field]!);
          await context.publish(client, eventUpdatedFact(row, orgRef(existing), current.status, changed, requestIdOf(req)));
          // More places: admit waitlisted entries (earliest first) while they fit.
          if (changes['maxParticipants'] !== undefined && (current.max_participants === null || row.max_participants! > current.max_participants))
            await promoteWaitlisted(context, client, row, Number.MAX_SAFE_INTEGER, requestIdOf(req));
          return { row, changed };
        });
        res.json({
          data: eventJson(result.row, orgRef(existing)),
          message: result.changed.length === 0 ? 'Nothing changed.' : `Event updated (${result.changed.join(', ')}).`,
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/events/:slug/fleets',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const event = await writableEvent(pool, slugParam(req), identity);
        const body = parse(createFleetBody, req.body, 'body');
        const { params, problems } = resolveHandicapParams(body.handicap.system, body.handicap.params);
        problems.push(...discardThresholdProblems(body.discardThresholds));
        if (problems.length > 0) throw validationFailed(problems);
        if (event.status === 'completed' || event.status === 'cancelled') throw conflict('event_closed', `The event is ${event.status}; fleets can no longer be added.`);
        try {
          const row = await withTransaction(pool, async (client) => {
            const fleet = await insertFleet(client, {
              id: randomUUID(),
              event_id: event.id,
              name: body.name,
              class_id: body.classId ?? null,
              description: body.description ?? null,
              max_boats: body.maxBoats ?? null,
              scoring_system: body.scoringSystem,
              drop_races: body.dropRaces,
              handicap_system: body.handicap.system,
              handicap_params: params,
              penalty_basis: body.penaltyBasis,
              discard_thresholds: body.discardThresholds,
            });
            await context.publish(client, fleetCreatedFact(fleet, event.organization_id, requestIdOf(req)));
            return fleet;
          });
          res.status(201).json({ data: fleetJson(row), message: `Fleet ${row.name} created.` });
        } catch (error) {
          if (isUniqueViolation(error, 'fleets_event_name')) throw conflict('duplicate_fleet_name', `The event already has a fleet named ${body.name}.`);
          throw error;
        }
      },
    },
    {
      method: 'post',
      path: '/api/v1/events/:slug/races',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const event = await writableEvent(pool, slugParam(req), identity);
        const body = parse(createRaceBody, req.body, 'body');
        const fleet = await findFleet(pool, event.id, body.fleetId);
        if (!fleet) throw badRequest('unknown_fleet', `The event has no fleet ${body.fleetId}.`, [{ field: 'fleetId', message: 'no such fleet in this event' }]);
        if (needsCourseDistance(fleet.handicap_system) && (body.courseDistanceNm === undefined || body.courseDistanceNm === null))
          throw badRequest('missing_course_distance', `Fleet ${fleet.name} scores ${fleet.handicap_system} (time on distance); give courseDistanceNm.`, [
            { field: 'courseDistanceNm', message: `required for ${fleet.handicap_system}` },
          ]);
        if (event.status === 'completed' || event.status === 'cancelled') throw conflict('event_closed', `The event is ${event.status}; races can no longer be added.`);
        try {
          const row = await withTransaction(pool, async (client) => {
            const raceNumber = body.raceNumber ?? (await nextRaceNumber(client, fleet.id));
            const race = await insertRace(client, {
              id: randomUUID(),
              event_id: event.id,
              fleet_id: fleet.id,
              name: body.name ?? `Race ${raceNumber}`,
              race_number: raceNumber,
              scheduled_start: body.scheduledStart ?? null,
              course_description: body.courseDescription ?? null,
              course_distance_nm: body.courseDistanceNm ?? null,
              weight: body.weight,
              must_count: body.mustCount,
              discard_first: body.discardFirst,
              wind_direction: body.windDirection ?? null,
              wind_speed: body.windSpeed ?? null,
              conditions: body.conditions ?? null,
              notes: body.notes ?? null,
            });
            await context.publish(client, raceScheduledFact(race, event.organization_id, requestIdOf(req)));
            return race;
          });
          res.status(201).json({ data: raceJson(row), message: `Race ${row.race_number} of ${fleet.name} scheduled.` });
        } catch (error) {
          if (isUniqueViolation(error, 'races_fleet_number'))
            throw conflict('duplicate_race_number', `Fleet ${fleet.name} already has race number ${body.raceNumber ?? '(next)'}.`);
          throw error;
        }
      },
    },
    {
      method: 'post',
      path: '/api/v1/events/:slug/documents',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const event = await writableEvent(pool, slugParam(req), identity);
        const body = parse(createDocumentBody, req.body, 'body');
        const row = await withTransaction(pool, async (client) => {
          const doc = await insertDocument(client, {
            id: randomUUID(),
            event_id: event.id,
            kind: body.kind,
            title: body.title,
            url: body.url ?? null,
            body: body.body ?? null,
          });
          await context.publish(client, documentAddedFact(doc, event.organization_id, requestIdOf(req)));
          return doc;
        });
        res.status(201).json({ data: documentJson(row), message: `Document ${row.title} added.` });
      },
    },
  ];
}
