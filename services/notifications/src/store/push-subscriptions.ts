/** Browsers subscribed to web push, per person. */
import type { Queryable } from '@regatta/db';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Adds or moves a subscription to this person (a browser signed in as someone else takes it over). */
export async function saveSubscription(db: Queryable, userId: string, subscription: StoredSubscription): Promise<void> {
  await db.query(
    `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
    [subscription.endpoint, userId, subscription.p256dh, subscription.auth],
  );
}

export async function deleteSubscription(db: Queryable, endpoint: string, userId?: string): Promise<boolean> {
  const result = await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND ($2::uuid IS NULL OR user_id = $2)', [endpoint, userId ?? null]);
  return (result.rowCount ?? 0) > 0;
}

/** Whether this endpoint pushes to this person (another person's, or an unknown one, is not). */
export async function holdsSubscription(db: Queryable, endpoint: string, userId: string): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2', [endpoint, userId]);
  return (result.rowCount ?? 0) > 0;
}

export async function subscriptionsOf(db: Queryable, userId: string): Promise<StoredSubscription[]> {
  const result = await db.query<StoredSubscription>('SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1', [userId]);
  return result.rows;
}
