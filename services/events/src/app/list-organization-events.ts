/**
 * GET /organizations/{slug}/events: every regatta of an organization, drafts and cancelled ones
 * included, for its members (404 unknown organization, then 403 `not_a_member`); `when` and its
 * order are domain/organization-events.ts.
 */
import { EVENT_STATUSES, type EventStatus } from '@regatta/contracts';
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { eventWindow, type EventWhen } from '../domain/organization-events.js';
import { listEvents as listEventRows } from '../store/events.js';
import type { EventWithOrgRow } from '../store/rows.js';
import { orgAccessOf, requireMember } from './access.js';
import type { LazyInput } from './input.js';
import { pathOrganization } from './organizations.js';

export interface ListOrganizationEventsInput {
  status?: EventStatus | undefined;
  q?: string | undefined;
  when?: EventWhen | undefined;
  limit: number;
  offset: number;
}

export async function listOrganizationEvents(
  context: ServiceContext,
  identity: Identity,
  slug: string,
  readInput: LazyInput<ListOrganizationEventsInput>,
): Promise<{ rows: EventWithOrgRow[]; pagination: { limit: number; offset: number; hasMore: boolean } }> {
  const org = await pathOrganization(context, identity, slug);
  requireMember(identity, orgAccessOf(org));
  const input = readInput();
  const window = eventWindow(input.when, new Date());
  const rows = await listEventRows(context.pool, {
    statuses: input.status ? [input.status] : [...EVENT_STATUSES],
    q: input.q || undefined,
    organizationId: org.id,
    endFrom: window.endFrom,
    endBefore: window.endBefore,
    order: window.order,
    limit: input.limit,
    offset: input.offset,
  });
  return { rows: rows.slice(0, input.limit), pagination: { limit: input.limit, offset: input.offset, hasMore: rows.length > input.limit } };
}
