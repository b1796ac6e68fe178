/**
 * Who sails in a registration: the caller, or (organizers only) a named user or a person entered by
 * name and email. Users come from the identity.v1 projection, waited for by the projection policy.
 */
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { guestSailorId } from '../domain/sailors.js';
import { userByEmail, userById } from '../store/projections/identity.js';
import type { EventWithOrgRow } from '../store/rows.js';
import { isOrganizer, notAMemberOfEvent } from './access.js';
import { awaitProjected } from './projection-wait.js';

export type SailorRef = { userId: string } | { name: string; email: string };

export interface Entrant {
  userId: string;
  name: string | null;
  email: string | null;
}

export async function entrantOf(context: ServiceContext, identity: Identity, event: EventWithOrgRow, submitter: string, sailor: SailorRef | undefined): Promise<Entrant> {
  const { pool } = context;
  if (!sailor || ('userId' in sailor && sailor.userId === submitter)) {
    const user = await awaitProjected(context, 'ownProfile', () => userById(pool, submitter));
    return { userId: submitter, name: user?.name ?? null, email: user?.email ?? null };
  }
  if (!isOrganizer(identity, event)) throw notAMemberOfEvent(event, (org) => `Registering someone else needs membership of the organization ${org}.`);
  if ('userId' in sailor) {
    const wanted = sailor.userId;
    const user = await awaitProjected(context, 'namedSailor', () => userById(pool, wanted));
    if (!user) throw problem('unknown_sailor', `No user ${wanted} is known.`, { errors: [{ field: 'sailor.userId', message: 'no such user' }] });
    return { userId: user.id, name: user.name, email: user.email };
  }
  const user = await userByEmail(pool, sailor.email);
  return { userId: user?.id ?? guestSailorId(sailor.email), name: sailor.name, email: sailor.email };
}
