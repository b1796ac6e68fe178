/** Series: regattas of one or more organizations scored together (standings: results-scoring). */
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import { badRequest, conflict, identityOf, notFound, requestIdOf, validationFailed, type Identity, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { canSeeEvent, slugCandidate, slugify } from '../domain/events.js';
import { seriesCreatedFact } from '../messaging/facts.js';
import type { EventWithOrgRow } from '../store/rows.js';
import { eventByRef, eventsByIds, findOrganization, insertSeries, isUniqueViolation, listSeries, seriesBySlug, type SeriesListRow } from '../store/store.js';
import { actingUser, requireAdmin, viewerOf } from './access.js';
import { parse } from './parse.js';
import { orgAccessOf, orgAccessOfEvent, resolveOrganization } from './events-routes.js';
import { createSeriesBody, listSeriesQuery } from './schemas.js';
import { eventSummaryJson, seriesSummaryJson } from './views.js';

function visibleEventsOf(series: SeriesListRow, events: Map<string, EventWithOrgRow>, identity: Identity): EventWithOrgRow[] {
  const rows = series.event_ids.map((id) => events.get(id)).filter((row): row is EventWithOrgRow => row !== undefined);
  const viewer = viewerOf(identity, rows.map(orgAccessOfEvent));
  return rows.filter((row) => canSeeEvent(viewer, { organizationId: row.organization_id, status: row.status }));
}

function span(rows: EventWithOrgRow[]): { start: Date | null; end: Date | null } {
  if (rows.length === 0) return { start: null, end: null };
  return {
    start: new Date(Math.min(...rows.map((row) => row.start_date.getTime()))),
    end: new Date(Math.max(...rows.map((row) => row.end_date.getTime()))),
  };
}

function seriesDetail(series: SeriesListRow, events: EventWithOrgRow[]) {
  return { ...seriesSummaryJson(series, events.map((row) => row.id), span(events)), events: events.map(eventSummaryJson) };
}

export function seriesRoutes(context: ServiceContext): RouteDefinition[] {
  const { pool } = context;
  return [
    {
      method: 'post',
      path: '/api/v1/series',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const userId = actingUser(identity);
        const body = parse(createSeriesBody, req.body, 'body');
        const org = await resolveOrganization(context, body.organization);
        if (!org) throw badRequest('unknown_organization', `No organization ${body.organization} is known.`, [{ field: 'organization', message: 'no such organization' }]);
        requireAdmin(identity, orgAccessOf(org));

        const problems: { field: string; message: string }[] = [];
        const events: EventWithOrgRow[] = [];
        for (const [index, ref] of body.events.entries()) {
          const event = await eventByRef(pool, ref);
          if (!event || !canSeeEvent(viewerOf(identity, [orgAccessOfEvent(event)]), { organizationId: event.organization_id, status: event.status })) {
            problems.push({ field: `events.${index}`, message: `no event ${ref}` });
            continue;
          }
          if (events.some((other) => other.id === event.id)) {
            problems.push({ field: `events.${index}`, message: `${ref} is listed twice` });
            continue;
          }
          events.push(event);
        }
        // bestOf (optional, either rule): only the best N regattas of each boat count.
        if (body.bestOf && body.bestOf > body.events.length)
          problems.push({ field: 'bestOf', message: `must not exceed the number of events (${body.events.length})` });
        if (problems.length > 0) {
          if (problems.every((problem) => problem.field.startsWith('events.')))
            throw badRequest('unknown_event', 'Some events of the series are unknown or repeated.', problems);
          throw validationFailed(problems);
        }

        const base = new RegExp(`\\b${body.year}\\b`).test(body.name) ? slugify(body.name) : `${slugify(body.name)}-${body.year}`;
        for (let attempt = 1; attempt <= 50; attempt += 1) {
          try {
            const row = await withTransaction(pool, async (client) => {
              const inserted = await insertSeries(
                client,
                {
                  id: randomUUID(),
                  organization_id: org.id,
                  slug: slugCandidate(base, attempt),
                  name: body.name,
                  description: body.description ?? null,
                  year: body.year,
                  scoring_rule: body.scoringRule,
                  best_of: body.bestOf ?? null,
                  created_by: userId,
                },
                events.map((event) => event.id),
              );
              await context.publish(client, seriesCreatedFact(inserted, events.map((event) => event.id), requestIdOf(req)));
              return inserted;
            });
            const listed = (await seriesBySlug(pool, row.slug))!;
            res.status(201).json({ data: seriesDetail(listed, events), message: `Series ${row.name} created.` });
            return;
          } catch (error) {
            if (!isUniqueViolation(error, 'series_slug')) throw error;
          }
        }
        throw conflict('slug_taken', `No free slug was found for ${body.name}.`);
      },
    },
    {
      method: 'get',
      path: '/api/v1/series',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const query = parse(listSeriesQuery, req.query, 'query');
        let organizationId: string | undefined = identity.via === 'embed' ? (identity.embedOrganizationId ?? '00000000-0000-0000-0000-000000000000') : undefined;
        if (query.org) {
          const org = await resolveOrganizationNoWait(context, query.org);
          if (!org || (organizationId !== undefined && org !== organizationId)) {
            res.json({ data: [], pagination: { limit: query.limit, offset: query.offset, hasMore: false } });
            return;
          }
          organizationId = org;
        }
        const rows = await listSeries(pool, { year: query.year, organizationId, limit: query.limit, offset: query.offset });
        const page = rows.slice(0, query.limit);
        const events = new Map((await eventsByIds(pool, [...new Set(page.flatMap((row) => row.event_ids))])).map((row) => [row.id, row]));
        res.json({
          data: page.map((row) => {
            const visible = visibleEventsOf(row, events, identity);
            return seriesSummaryJson(row, visible.map((event) => event.id), span(visible));
          }),
          pagination: { limit: query.limit, offset: query.offset, hasMore: rows.length > query.limit },
        });
      },
    },
    {
      method: 'get',
      path: '/api/v1/series/:slug',
      handler: async (req, res) => {
        const identity = identityOf(res);
        const slug = String(req.params['slug'] ?? '');
        const row = await seriesBySlug(pool, slug);
        if (!row || (identity.via === 'embed' && row.organization_id !== identity.embedOrganizationId)) throw notFound(`Series ${slug}`);
        const events = new Map((await eventsByIds(pool, row.event_ids)).map((event) => [event.id, event]));
        res.json({ data: seriesDetail(row, visibleEventsOf(row, events, identity)) });
      },
    },
  ];
}

async function resolveOrganizationNoWait(context: ServiceContext, ref: string): Promise<string | undefined> {
  return (await findOrganization(context.pool, ref))?.id;
}
