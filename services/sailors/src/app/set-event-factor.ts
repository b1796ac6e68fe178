/** The ranking factor of one of the organization's regattas in a list (members only; 0 leaves it out). */
import { notFound, type Identity } from '@regatta/http';
import { withTransaction } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { regattaOfOrganization } from '../store/ranking-inputs.js';
import { setFactor } from '../store/rankings.js';
import { manageableList, organizationOf } from './ranking-access.js';

export async function setEventFactor(context: ServiceContext, identity: Identity, route: { slug?: string; listId?: string; eventSlug: string }, factor: number) {
  return withTransaction(context.pool, async (client) => {
    const org = await organizationOf(client, route.slug);
    const list = await manageableList(client, identity, org, route.listId, true);
    const event = await regattaOfOrganization(client, org.id, route.eventSlug);
    if (!event) throw notFound(`Event ${route.eventSlug} of the organization ${org.slug}`);
    await setFactor(client, list.id, event.id, factor);
    return { list, event, factor };
  });
}
