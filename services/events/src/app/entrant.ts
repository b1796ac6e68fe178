/**
 * Who sails in a registration: the caller, or (organizers only) a named user or a person entered by
 * name and email. Users come from the identity.v1 projection, waited for by the projection policy.
 */
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { guestSailorId, type GuestLanguage } from '../domain/sailors.js';
import { userByEmail, userById } from '../store/projections/identity.js';
import type { EventWithOrgRow } from '../store/rows.js';
import { isOrganizer, notAMemberOfEvent } from './access.js';
import { awaitProjected } from './projection-wait.js';

export type SailorRef = { userId: string } | { name: string; email: string; language?: GuestLanguage | undefined };

export interface Entrant {
  userId: string;
  name: string | null;
  email: string | null;
  /** A sailor without an account: the language named when entering them (null: English). */
  language: GuestLanguage | null;
}

export async function entrantOf(context: ServiceContext, identity: Identity, event: EventWithOrgRow, submitter: string, sailor: SailorRef | undefined): Promise<Entrant> {
  const { pool } = context;
  if (!sailor || ('userId' in sailor && sailor.userId === submitter)) {
    const user = await awaitProjected(context, 'ownProfile', () => userById(pool, submitter));
    return { userId: submitter, name: user?.name ?? null, email: user?.email ?? null, language: null };
  }
  if (!isOrganizer(identity, event)) throw notAMemberOfEvent(event, (org) => `Registering someone else needs membership of the organization ${org}.`);
  if ('userId' in sailor) {
    const wanted = sailor.userId;
    const user = await awaitProjected(context, 'namedSailor', () => userById(pool, wanted));
    if (!user) throw problem('unknown_sailor', `No user ${wanted} is known.`, { errors: [{ field: 'sailor.userId', message: 'no such user' }] });
    return { userId: user.id, name: user.name, email: user.email, language: null };
  }
  const user = await userByEmail(pool, sailor.email);
  // A person with an account chooses their own language; the one named here is for a guest only.
  if (user) return { userId: user.id, name: sailor.name, email: sailor.email, language: null };
  return { userId: guestSailorId(sailor.email), name: sailor.name, email: sailor.email, language: sailor.language ?? null };
}
