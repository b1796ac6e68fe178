/** An organization's ranking lists: public ones for anyone, members-only ones for its members too. */
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { listsOf } from '../store/rankings.js';
import { isMember, organizationOf } from './ranking-access.js';

export async function listRankingLists(context: ServiceContext, identity: Identity, slug: string | undefined, page: { limit: number; offset: number }) {
  const org = await organizationOf(context.pool, slug);
  return { organization: org, ...(await listsOf(context.pool, org.id, isMember(identity, org), page)) };
}
