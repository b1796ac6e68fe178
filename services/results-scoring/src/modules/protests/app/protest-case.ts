/** The protest a committee action names: its event (the caller must be a member) and the case itself. */
import type { Queryable } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { Protest } from '../domain/records.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { findProtest } from '../store/protests.js';
import { assertCommittee } from '../../shared/app/access.js';
import { eventBySlug } from '../../shared/app/find-event.js';
import { PROJECTION_WAIT } from '../../shared/app/projection-wait.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event for a committee action: 404 when unseen, 403 not_a_member when not of its organization. */
export async function committeeEvent(context: ServiceContext, identity: Identity, slug: string): Promise<EventProjection> {
  const event = await eventBySlug(context, slug, PROJECTION_WAIT.WRITE_MS);
  if (!event) throw notFound('Event');
  assertCommittee(identity, event);
  return event;
}

/** The event's protest by id (an id that cannot be one is the same 404 as an unknown one). */
export async function protestOf(q: Queryable, event: EventProjection, id: string, forUpdate = false): Promise<Protest> {
  const protest = UUID.test(id) ? await findProtest(q, event.id, id, forUpdate) : undefined;
  if (!protest) throw notFound('Protest');
  return protest;
}

/** A withdrawn case is closed: no hearing, no decision, no second withdrawal (409 protest_withdrawn). */
export function assertOpen(protest: Protest): void {
  if (protest.status === 'withdrawn') throw problem('protest_withdrawn', `Protest ${protest.number} was withdrawn; it has no hearing and no decision.`);
}
