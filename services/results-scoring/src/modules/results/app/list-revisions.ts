/**
 * GET revisions: the event's history of results (newest first), filtered by race (id or number), fleet
 * (id or name) and boat (id). Who made a change (user, key) is shown to members of the event's
 * organization only; everyone who sees the results sees what changed, when, why and on what decision.
 */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { EventProjection } from '../../shared/domain/records.js';
import { listFleets } from '../../shared/store/projections/fleets.js';
import { eventRaceViews } from '../store/read-views.js';
import { listRevisions, type RevisionRecord } from '../store/revisions.js';
import { isMember } from '../../shared/app/access.js';
import { visibleEvent } from '../../shared/app/find-event.js';

export interface RevisionsQuery {
  race?: string | undefined;
  fleet?: string | undefined;
  boat?: string | undefined;
  limit: number;
  offset: number;
}

export interface EventRevisions {
  event: EventProjection;
  items: RevisionRecord[];
  /** Race id → race number, for the views. */
  raceNumbers: Map<string, number>;
  showActors: boolean;
  limit: number;
  offset: number;
  hasMore: boolean;
}

export async function listEventRevisions(context: ServiceContext, identity: Identity, slug: string, query: RevisionsQuery): Promise<EventRevisions> {
  const { pool } = context;
  const event = await visibleEvent(context, identity, slug);
  const races = await eventRaceViews(pool, event.id);
  let fleetId: string | undefined;
  if (query.fleet) {
    const wanted = query.fleet.toLowerCase();
    const fleets = await listFleets(pool, event.id);
    const fleet = fleets.find((f) => f.id === query.fleet) ?? fleets.find((f) => f.name.toLowerCase() === wanted);
    if (!fleet) throw notFound('Fleet');
    fleetId = fleet.id;
  }
  let raceIds: string[] | undefined;
  if (query.race) {
    const byId = races.filter((r) => r.raceId === query.race);
    const number = /^\d+$/.test(query.race) ? Number(query.race) : undefined;
    const found = byId.length > 0 ? byId : races.filter((r) => r.raceNumber === number && (!fleetId || r.fleetId === fleetId));
    if (found.length === 0) throw notFound('Race');
    raceIds = found.map((r) => r.raceId);
  }
  const page = await listRevisions(pool, event.id, { raceIds, fleetId, boatId: query.boat, limit: query.limit, offset: query.offset });
  return {
    event,
    items: page.items,
    raceNumbers: new Map(races.map((r) => [r.raceId, r.raceNumber] as const)),
    showActors: isMember(identity, event.organizationId),
    limit: query.limit,
    offset: query.offset,
    hasMore: page.hasMore,
  };
}
