/**
 * Web push: a signed-in person's browser subscribes (its push service's endpoint and keys); messages
 * of the at-once kinds are pushed to each of the person's browsers after the e-mail was accepted.
 * Best effort: a failure changes nothing of the e-mail, a subscription the push service says is gone
 * is dropped.
 */
import { validationFailed, notFound } from '@regatta/http';
import type { Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { subscriptionProblem, type PushPayload } from '../domain/push.js';
import { deleteSubscription, holdsSubscription, saveSubscription, subscriptionsOf } from '../store/push-subscriptions.js';
import type { NotificationsContext, NotificationsResources } from './resources.js';

export function pushPublicKey(resources: NotificationsResources): string {
  if (!resources.push) throw notFound('Web push (no VAPID key is configured)');
  return resources.push.publicKey;
}

export async function subscribeToPush(
  context: NotificationsContext,
  resources: NotificationsResources,
  userId: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  if (!resources.push) throw notFound('Web push (no VAPID key is configured)');
  const record = { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  const problem = subscriptionProblem(record, resources.pushAllowHttp);
  if (problem) throw validationFailed([{ field: problem.field, message: problem.message }]);
  await saveSubscription(context.pool, userId, record);
}

/** Answers when this browser's subscription pushes to the person; 404 when it does not (unknown, or another person's). */
export async function pushSubscriptionOf(context: NotificationsContext, userId: string, endpoint: string): Promise<{ endpoint: string }> {
  if (!(await holdsSubscription(context.pool, endpoint, userId))) throw notFound('The subscription');
  return { endpoint };
}

export async function unsubscribeFromPush(context: NotificationsContext, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteSubscription(context.pool, endpoint, userId))) throw notFound('The subscription');
}

/** Pushes a message to every browser of the person; answers how many took it. */
export async function pushToPerson(pool: Pool, resources: NotificationsResources, logger: Logger, userId: string, payload: PushPayload): Promise<number> {
  const sender = resources.push;
  if (!sender) return 0;
  let delivered = 0;
  for (const subscription of await subscriptionsOf(pool, userId)) {
    const result = await sender.send(subscription, payload);
    if (result === 'sent') delivered += 1;
    else if (result === 'gone') await deleteSubscription(pool, subscription.endpoint);
    else logger.warn({ userId, kind: payload.kind }, 'web push not accepted by the push service');
  }
  return delivered;
}
