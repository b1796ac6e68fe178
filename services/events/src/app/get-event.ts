/** GET /events/{slug}: the event and what `include` asks for, read in one query (store/event-detail.ts). */
import { notFound, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { eventDetail, type EventDetailRows } from '../store/event-detail.js';
import { mayRead } from './access.js';

export async function getEvent(context: ServiceContext, identity: Identity, slug: string, include: ReadonlySet<string>): Promise<EventDetailRows> {
  const detail = await eventDetail(context.pool, slug, include);
  if (!detail || !mayRead(identity, detail.event)) throw notFound(`Event ${slug}`);
  return detail;
}
