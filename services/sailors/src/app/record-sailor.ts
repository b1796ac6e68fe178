/** What an organization records of a sailor for its rankings' filters (members only). */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { SailorAttributes } from '../domain/rankings/filters.js';
import { upsertSailorRecord } from '../store/ranking-inputs.js';
import { findSailor } from '../store/sailors.js';
import { organizationOf, requireMember } from './ranking-access.js';

export async function recordSailor(context: ServiceContext, identity: Identity, route: { slug?: string; sailorId: string }, record: SailorAttributes) {
  const org = await organizationOf(context.pool, route.slug);
  requireMember(identity, org);
  const sailor = await findSailor(context.pool, route.sailorId);
  if (!sailor) throw notFound(`Sailor ${route.sailorId}`);
  await upsertSailorRecord(context.pool, org.id, sailor.id, record);
  return { organization: org, sailor, record };
}
