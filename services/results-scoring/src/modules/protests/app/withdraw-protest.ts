/**
 * The protest committee records that a case is withdrawn (rule 63.1: a protest or request may be
 * withdrawn only with its approval): the case closes without a decision, no longer holds its races
 * provisional, and the notice board says so. A decided case cannot be withdrawn (409 protest_decided),
 * nor a withdrawn one again (409 protest_withdrawn). Queues protest.withdrawn.
 */
import { withTransaction } from '@regatta/db';
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { Protest } from '../domain/records.js';
import { findProtest, withdrawProtest } from '../store/protests.js';
import { assertOpen, committeeEvent, protestOf } from './protest-case.js';
import { protestWithdrawnFact } from './protest-facts.js';
import { actorOf } from '../../results/app/unit-of-work/revision-builder.js';

export async function withdrawCase(context: ServiceContext, identity: Identity, request: { slug: string; protestId: string; requestId: string | undefined }, input: { reason: string }): Promise<Protest> {
  const event = await committeeEvent(context, identity, request.slug);
  return withTransaction(context.pool, async (client) => {
    const protest = await protestOf(client, event, request.protestId, true);
    if (protest.status === 'decided') throw problem('protest_decided', `Protest ${protest.number} is decided; a decided case is not withdrawn (lodge a request to reopen, rule 66).`);
    assertOpen(protest);
    const actor = actorOf(identity);
    await withdrawProtest(client, protest.id, { reason: input.reason, at: new Date(), userId: actor.userId, keyId: actor.keyId });
    const withdrawn = (await findProtest(client, event.id, protest.id))!;
    await context.publish(client, protestWithdrawnFact({ event, requestId: request.requestId }, withdrawn));
    return withdrawn;
  });
}
