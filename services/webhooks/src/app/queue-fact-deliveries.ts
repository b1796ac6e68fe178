/**
 * Facts -> messages -> delivery tasks, in the consumer's transaction (with its inbox row): a fact is
 * turned into exactly one message (id = fact id) and one pending task per matching active webhook,
 * or into nothing at all if the transaction fails and Kafka redelivers it.
 */
import type { Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { messageForFact, organizationIdOf, regattaIdOf } from '../domain/catalogue.js';
import { insertMessageWithTasks, lockRegatta, organizationOfEvent, routeWaitingMessages, upsertEventOrganization } from '../store/messages.js';

export async function queueFactDeliveries(client: PoolClient, fact: Fact): Promise<void> {
  const eventId = regattaIdOf(fact) ?? null;
  let organizationId = organizationIdOf(fact) ?? null;

  // Keep regatta -> organization for facts that do not carry the organization themselves.
  if ((fact.type === 'event.created' || fact.type === 'event.updated') && eventId && organizationId) {
    await lockRegatta(client, eventId);
    await upsertEventOrganization(client, eventId, organizationId);
    await routeWaitingMessages(client, eventId, organizationId);
  }

  const message = messageForFact(fact);
  if (!message) return;
  if (!organizationId && eventId) {
    await lockRegatta(client, eventId);
    organizationId = (await organizationOfEvent(client, eventId)) ?? null;
  }
  // One statement: the message, its tasks (none while the organization is unknown) and the NOTIFY.
  await insertMessageWithTasks(client, {
    id: message.id,
    eventType: message.event,
    organizationId,
    eventId,
    body: message.body,
    requestId: fact.requestId ?? null,
    createdAt: message.createdAt,
  });
}
