/** A ranking list with its current computation, and one sailor's entry with results and rank history. */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { latestEdition, sailorHistory } from '../store/rankings.js';
import { computeList } from './compute-ranking.js';
import { organizationOf, readableList } from './ranking-access.js';

export async function getRanking(context: ServiceContext, identity: Identity, route: { slug?: string; listId?: string; asOf: Date }) {
  const org = await organizationOf(context.pool, route.slug);
  const list = await readableList(context.pool, identity, org, route.listId);
  const [computation, edition] = await Promise.all([computeList(context.pool, list, route.asOf), latestEdition(context.pool, list.id)]);
  return { organization: org, list, computation, latestEdition: edition ?? null };
}

export async function getRankingSailor(context: ServiceContext, identity: Identity, route: { slug?: string; listId?: string; sailorId: string; asOf: Date }) {
  const { organization, list, computation } = await getRanking(context, identity, route);
  const entry = computation.entries.find((candidate) => candidate.sailorId === route.sailorId) ?? null;
  const history = await sailorHistory(context.pool, list.id, route.sailorId);
  // Neither ranked now nor in any edition: the list does not know this sailor.
  if (!entry && history.every((line) => line.rank === null)) throw notFound(`Sailor ${route.sailorId} in ranking list ${list.id}`);
  return { organization, list, asOf: computation.asOf, entry, history };
}
