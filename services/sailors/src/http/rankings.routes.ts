/**
 * National ranking lists of an organization (docs/rankings.md). Reads: the read scope (gateway); a
 * members-only list is 404 to non-members. Creating, factors, publishing and sailor records: the write
 * scope (gateway) and membership of the organization (403 `not_a_member`).
 */
import type { Request } from 'express';
import { identityOf, notFound, parseInput, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { changeRankingList } from '../app/change-ranking-list.js';
import { createRankingList } from '../app/create-ranking-list.js';
import { getRanking, getRankingSailor } from '../app/get-ranking.js';
import { listRankingLists } from '../app/list-ranking-lists.js';
import { publishRanking } from '../app/publish-ranking.js';
import { recordSailor } from '../app/record-sailor.js';
import { setEventFactor } from '../app/set-event-factor.js';
import { isUuid } from '../domain/boats.js';
import type { PlacePoints, RankingFormula } from '../domain/rankings/formula.js';
import { asOfDate, changeListBody, createListBody, factorBody, listsQuery, publishBody, rankingQuery, sailorQuery, sailorRecordBody } from './rankings.schemas.js';
import { editionView, entryView, listSummary, organizationRef, rankingView, sailorEntryView } from './rankings.views.js';

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** A path slug that cannot be one names nothing: the use case answers 404 without a query. */
const slugOf = (req: Request, name = 'slug') => {
  const value = req.params[name];
  return typeof value === 'string' && SLUG.test(value.toLowerCase()) ? value.toLowerCase() : undefined;
};

const uuidOf = (req: Request, name: string, what: string): string => {
  const value = req.params[name];
  if (typeof value !== 'string' || !isUuid(value)) throw notFound(what);
  return value.toLowerCase();
};

const BASE = '/api/v1/organizations/:slug/rankings';

/** A formula as parsed, in the domain's shape: `all` counts every result, so it has no `n`. */
const formulaOf = (formula: { kind: 'best_n'; n: number; placePoints: PlacePoints; windowMonths: number } | { kind: 'all'; placePoints: PlacePoints; windowMonths: number }): RankingFormula =>
  formula.kind === 'best_n' ? formula : { ...formula, n: null };

export function rankingRoutes(context: ServiceContext): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: BASE,
      handler: async (req, res) => {
        const page = parseInput(listsQuery, req.query, 'query');
        const { organization, items, count } = await listRankingLists(context, identityOf(res), slugOf(req), page);
        res.json({ organization: organizationRef(organization), rankings: items.map(listSummary), limit: page.limit, offset: page.offset, count });
      },
    },
    {
      method: 'post',
      path: BASE,
      handler: async (req, res) => {
        const body = parseInput(createListBody, req.body, 'body');
        const list = await createRankingList(context, identityOf(res), slugOf(req), { ...body, formula: formulaOf(body.formula) });
        res.status(201).location(`/api/v1/organizations/${slugOf(req)}/rankings/${list.id}`).json({ data: listSummary(list), message: 'Ranking list created.' });
      },
    },
    {
      method: 'get',
      path: `${BASE}/:listId`,
      handler: async (req, res) => {
        const query = parseInput(rankingQuery, req.query, 'query');
        const listId = uuidOf(req, 'listId', 'Ranking list');
        const { organization, list, computation, latestEdition } = await getRanking(context, identityOf(res), { slug: slugOf(req), listId, asOf: asOfDate(query.asOf) });
        res.json(rankingView(organization, list, computation, latestEdition, query));
      },
    },
    {
      method: 'patch',
      path: `${BASE}/:listId`,
      handler: async (req, res) => {
        const { formula, ...body } = parseInput(changeListBody, req.body, 'body');
        const listId = uuidOf(req, 'listId', 'Ranking list');
        const list = await changeRankingList(context, identityOf(res), { slug: slugOf(req), listId }, { ...body, ...(formula ? { formula: formulaOf(formula) } : {}) });
        res.json({ data: listSummary(list), message: 'Ranking list changed.' });
      },
    },
    {
      method: 'get',
      path: `${BASE}/:listId/sailors/:sailorId`,
      handler: async (req, res) => {
        const query = parseInput(sailorQuery, req.query, 'query');
        const listId = uuidOf(req, 'listId', 'Ranking list');
        const sailorId = uuidOf(req, 'sailorId', 'Sailor');
        const found = await getRankingSailor(context, identityOf(res), { slug: slugOf(req), listId, sailorId, asOf: asOfDate(query.asOf) });
        res.json(sailorEntryView(found.list, found.asOf, sailorId, found.entry, found.history));
      },
    },
    {
      method: 'put',
      path: `${BASE}/:listId/events/:eventSlug`,
      handler: async (req, res) => {
        const body = parseInput(factorBody, req.body, 'body');
        const listId = uuidOf(req, 'listId', 'Ranking list');
        const eventSlug = slugOf(req, 'eventSlug');
        if (!eventSlug) throw notFound('Event');
        const { event, factor } = await setEventFactor(context, identityOf(res), { slug: slugOf(req), listId, eventSlug }, body.factor);
        res.json({ data: { event: { id: event.id, slug: event.slug, name: event.name }, factor }, message: 'Ranking factor set.' });
      },
    },
    {
      method: 'post',
      path: `${BASE}/:listId/publish`,
      handler: async (req, res) => {
        const body = parseInput(publishBody, req.body ?? {}, 'body');
        const listId = uuidOf(req, 'listId', 'Ranking list');
        const { list, edition, computation } = await publishRanking(context, identityOf(res), {
          slug: slugOf(req),
          listId,
          asOf: asOfDate(body.asOf),
          requestId: requestIdOf(req),
        });
        res.status(201).json({
          data: { list: { id: list.id, name: list.name }, ...editionView(edition)!, sailors: computation.entries.length, entries: computation.entries.map(entryView) },
          message: `Edition ${edition.edition} published.`,
        });
      },
    },
    {
      method: 'put',
      path: '/api/v1/organizations/:slug/sailor-records/:sailorId',
      handler: async (req, res) => {
        const body = parseInput(sailorRecordBody, req.body, 'body');
        const sailorId = uuidOf(req, 'sailorId', 'Sailor');
        const { sailor, record } = await recordSailor(context, identityOf(res), { slug: slugOf(req), sailorId }, body);
        res.json({ data: { sailor: { id: sailor.id, name: sailor.name }, ...record }, message: 'Sailor record saved.' });
      },
    },
  ];
}
