/** identity.v1 user.registered → the sailor profile (the account's name wins over names from registrations). */
import { timestampDate, type FactPayloadOf } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { isUuid } from '../domain/boats.js';
import { upsertUser } from '../store/sailors.js';
import { orNull } from './fact-values.js';

export async function projectUser(context: ServiceContext, client: PoolClient, factId: string, user: FactPayloadOf<'userRegistered'>): Promise<void> {
  if (!isUuid(user.userId)) {
    context.logger.warn({ factId }, 'user.registered without a valid user id; skipped');
    return;
  }
  await upsertUser(client, {
    id: user.userId,
    name: orNull(user.name),
    email: orNull(user.email),
    registeredAt: user.registeredAt ? timestampDate(user.registeredAt) : null,
  });
}
