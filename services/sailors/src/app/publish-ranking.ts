/**
 * Publishes a list's current computation as its next edition: the edition and its entries (the
 * sailors' rank history) and the ranking.published fact, in one transaction under the list's row lock.
 */
import { randomUUID } from 'node:crypto';
import { newFact, timestampFromDate } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { insertEdition } from '../store/rankings.js';
import { computeList } from './compute-ranking.js';
import { manageableList, organizationOf } from './ranking-access.js';

export async function publishRanking(context: ServiceContext, identity: Identity, route: { slug?: string; listId?: string; asOf: Date; requestId?: string | undefined }) {
  return withTransaction(context.pool, async (client) => {
    const org = await organizationOf(client, route.slug);
    const list = await manageableList(client, identity, org, route.listId, true);
    const computation = await computeList(client, list, route.asOf);
    const entries = computation.entries.map((entry) => ({
      sailorId: entry.sailorId,
      sailorName: entry.sailorName,
      rank: entry.rank,
      points: entry.points,
      countedResults: entry.countedResults,
    }));
    const edition = await insertEdition(client, { id: randomUUID(), listId: list.id, asOf: route.asOf, publishedBy: identity.userId ?? null }, entries);
    await context.publish(
      client,
      newFact(
        'ranking.published',
        'rankingPublished',
        {
          organizationId: org.id,
          listId: list.id,
          listName: list.name,
          edition: edition.edition,
          publishedAt: timestampFromDate(edition.publishedAt),
          asOf: timestampFromDate(edition.asOf),
          visibility: list.visibility,
          entries: entries.map((entry) => ({ ...entry, sailorName: entry.sailorName ?? undefined })),
        },
        { producer: 'sailors', organizationId: org.id, requestId: route.requestId ?? null },
      ),
    );
    return { organization: org, list, edition, computation };
  });
}
