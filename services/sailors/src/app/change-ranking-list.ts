/**
 * Changes a ranking list's settings (members only): its name, formula, filters, default factor or
 * visibility, each replaced whole; what is not given stays. Attributed to the caller. The ranking is
 * computed on every read, so the next read ranks by the new settings; published editions keep what
 * they froze.
 */
import { withTransaction } from '@regatta/db';
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { RankingList } from '../domain/rankings/lists.js';
import { updateList } from '../store/rankings.js';
import type { NewRankingList } from './create-ranking-list.js';
import { manageableList, organizationOf } from './ranking-access.js';

export type RankingListChange = Partial<NewRankingList>;

export async function changeRankingList(context: ServiceContext, identity: Identity, route: { slug?: string; listId?: string }, change: RankingListChange): Promise<RankingList> {
  return withTransaction(context.pool, async (client) => {
    const org = await organizationOf(client, route.slug);
    const list = await manageableList(client, identity, org, route.listId, true);
    return updateList(client, { ...list, ...change }, identity.userId ?? null);
  });
}
