/**
 * Who the caller is in the protest room: a member of the event's organization (the race and protest
 * committees, with the results scope the gateway checked), or a competitor with the boats registered
 * to her user in the event (the registrations projection), or anyone else who may read the event.
 */
import type { Identity } from '@regatta/http';
import type { Queryable } from '@regatta/db';
import type { Viewer } from '../domain/visibility.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { boatsOfUser } from '../store/protests.js';
import { isMember } from '../../shared/app/access.js';

export async function viewerOf(q: Queryable, identity: Identity, event: EventProjection): Promise<Viewer> {
  const member = isMember(identity, event.organizationId);
  const userId = identity.via === 'embed' || identity.via === 'anonymous' ? null : (identity.userId ?? null);
  const ownBoatIds = userId && !member ? await boatsOfUser(q, event.id, userId) : new Set<string>();
  return { member, userId, ownBoatIds };
}
