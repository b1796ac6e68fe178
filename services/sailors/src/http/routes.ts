/**
 * Sailor profiles, racing history and the boat registry: read-only views of the projections the
 * consumers keep (messaging/consumers.ts). The gateway requires the read scope. A path id that is not
 * a uuid names nothing, so it is the same 404 as an unknown one.
 */
import type { Request, Response } from 'express';
import { notFound, parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { isUuid } from '../domain/boats.js';
import { buildHistory } from '../domain/history.js';
import { boatsOfSailor, findBoat, findSailor, historyRows, listBoats, type Boat } from '../store/queries.js';
import { boatsQuery, historyQuery } from './schemas.js';

function boatBody(boat: Boat) {
  return {
    id: boat.id,
    name: boat.name,
    sailNumber: boat.sailNumber,
    model: boat.model,
    ratings: boat.ratings,
    owner: boat.owner,
    updatedAt: boat.updatedAt.toISOString(),
  };
}

function idParam(req: Request, what: string): string {
  const id = req.params['id'];
  if (typeof id !== 'string' || !isUuid(id)) throw notFound(what);
  return id.toLowerCase();
}

export function routes(context: ServiceContext): RouteDefinition[] {
  const { pool } = context;

  const profile = async (req: Request, res: Response) => {
    const id = idParam(req, 'Sailor');
    const sailor = await findSailor(pool, id);
    if (!sailor) throw notFound('Sailor');
    const boats = await boatsOfSailor(pool, id);
    res.json({ data: { id: sailor.id, name: sailor.name, boats: boats.map(boatBody) } });
  };

  const history = async (req: Request, res: Response) => {
    const id = idParam(req, 'Sailor');
    const query = parseInput(historyQuery, req.query, 'query');
    const sailor = await findSailor(pool, id);
    if (!sailor) throw notFound('Sailor');
    const page = buildHistory(await historyRows(pool, id), query);
    res.json({
      sailor: { id: sailor.id, name: sailor.name },
      stats: page.stats,
      history: page.history,
      limit: query.limit,
      offset: query.offset,
      count: page.count,
    });
  };

  const boats = async (req: Request, res: Response) => {
    const query = parseInput(boatsQuery, req.query, 'query');
    const { items, hasMore } = await listBoats(pool, query);
    res.json({ data: items.map(boatBody), pagination: { limit: query.limit, offset: query.offset, hasMore } });
  };

  const boat = async (req: Request, res: Response) => {
    const found = await findBoat(pool, idParam(req, 'Boat'));
    if (!found) throw notFound('Boat');
    res.json({ data: boatBody(found) });
  };

  return [
    { method: 'get', path: '/api/v1/sailors/:id', handler: profile },
    { method: 'get', path: '/api/v1/sailors/:id/history', handler: history },
    { method: 'get', path: '/api/v1/boats', handler: boats },
    { method: 'get', path: '/api/v1/boats/:id', handler: boat },
  ];
}
