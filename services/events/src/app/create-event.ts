/** POST /events: a draft in an organization the caller belongs to, with a free slug derived from the name. */
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import { validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { dateProblems } from '../domain/events.js';
import { slugBaseWithYear } from '@regatta/contracts';
import { insertEvent } from '../store/events.js';
import type { EventRow } from '../store/rows.js';
import { actingUser, orgAccessOf, requireMember } from './access.js';
import { eventCreatedFact } from './facts.js';
import { withFreeSlug } from './free-slug.js';
import type { LazyInput } from './input.js';
import { requireKnownTimeZone } from './time-zone.js';
import { namedOrganization, orgRefOf, type OrgRef } from './organizations.js';

export interface CreateEventInput {
  organization: string;
  name: string;
  slug?: string | undefined;
  description?: string | null | undefined;
  venue?: string | null | undefined;
  address?: string | null | undefined;
  startDate: Date;
  endDate: Date;
  registrationOpen?: Date | null | undefined;
  registrationClose?: Date | null | undefined;
  entryFee?: string | null | undefined;
  currency?: string | undefined;
  maxParticipants?: number | null | undefined;
  nor?: string | null | undefined;
  sailingInstructions?: string | null | undefined;
  settings?: Record<string, unknown> | null | undefined;
  timeZone?: string | null | undefined;
}

export async function createEvent(
  context: ServiceContext,
  identity: Identity,
  readInput: LazyInput<CreateEventInput>,
  requestId: string,
): Promise<{ event: EventRow; organization: OrgRef }> {
  const userId = actingUser(identity);
  const input = readInput();
  const org = await namedOrganization(context, input.organization);
  requireMember(identity, orgAccessOf(org));
  const problems = dateProblems({
    startDate: input.startDate,
    endDate: input.endDate,
    registrationOpen: input.registrationOpen ?? null,
    registrationClose: input.registrationClose ?? null,
  });
  if (problems.length > 0) throw validationFailed(problems, 'The dates are not consistent.');
  requireKnownTimeZone(input.timeZone);

  const organization = orgRefOf(org);
  const base = input.slug ?? slugBaseWithYear(input.name, input.startDate.getUTCFullYear());
  const event = await withFreeSlug(input.slug, base, input.name, (slug) =>
    withTransaction(context.pool, async (client) => {
      const inserted = await insertEvent(client, {
        id: randomUUID(),
        organizationId: org.id,
        name: input.name,
        slug,
        description: input.description ?? null,
        venue: input.venue ?? null,
        address: input.address ?? null,
        startDate: input.startDate,
        endDate: input.endDate,
        registrationOpen: input.registrationOpen ?? null,
        registrationClose: input.registrationClose ?? null,
        entryFee: input.entryFee ?? null,
        currency: input.currency ?? 'USD',
        maxParticipants: input.maxParticipants ?? null,
        nor: input.nor ?? null,
        sailingInstructions: input.sailingInstructions ?? null,
        settings: input.settings ?? null,
        timeZone: input.timeZone ?? null,
        createdBy: userId,
      });
      await context.publish(client, eventCreatedFact(inserted, organization, requestId));
      return inserted;
    }),
  );
  return { event, organization };
}
