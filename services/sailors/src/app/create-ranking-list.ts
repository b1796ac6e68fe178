/** A new ranking list of an organization (members only). */
import { randomUUID } from 'node:crypto';
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { RankingFilters } from '../domain/rankings/filters.js';
import type { RankingFormula } from '../domain/rankings/formula.js';
import type { RankingList, Visibility } from '../domain/rankings/lists.js';
import { insertList } from '../store/rankings.js';
import { organizationOf, requireMember } from './ranking-access.js';

export interface NewRankingList {
  name: string;
  formula: RankingFormula;
  filters: RankingFilters;
  defaultFactor: number;
  visibility: Visibility;
}

export async function createRankingList(context: ServiceContext, identity: Identity, slug: string | undefined, input: NewRankingList): Promise<RankingList> {
  const org = await organizationOf(context.pool, slug);
  requireMember(identity, org);
  return insertList(context.pool, { id: randomUUID(), organizationId: org.id, ...input }, identity.userId ?? null);
}
