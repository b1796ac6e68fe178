/**
 * Deciding who hears of a fact, in the consumer's transaction (the one that records the fact in the
 * inbox): the messages are queued as outbox rows, one per (fact, recipient, kind), so a fact applied
 * again (redelivery, restart) queues nothing twice and a fact applied is never lost.
 */
import type { PoolClient } from '@regatta/db';
import { ENTRANT_STATUSES, KIND_RULES } from '../domain/kinds.js';
import type { MessageParams, RegattaRef } from '../domain/message.js';
import { entrantsOfBoats, entrantUserIds, memberUserIds } from '../store/projections/entries.js';
import { findRegatta, fleetName } from '../store/projections/regattas.js';
import { queueMessages } from '../store/messages.js';
import { keepFirstLocale } from '../store/preferences.js';
import { queuedTotal } from './metrics.js';

type WithRegatta = Extract<MessageParams, { regatta: RegattaRef }>;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
/** A message about a regatta, before the regatta's name, page and time zone are added. */
export type RegattaNews = DistributiveOmit<WithRegatta, 'regatta'>;
type AccountParams = Exclude<MessageParams, WithRegatta>;

export interface FactRef {
  id: string;
  eventId: string;
}

async function regattaOf(client: PoolClient, eventId: string): Promise<{ ref: RegattaRef; organizationId: string | null }> {
  const found = await findRegatta(client, eventId);
  // A regatta's snapshot comes long before anything about it; without one the message still goes.
  if (!found) return { ref: { name: 'Regatta', slug: eventId, timeZone: null }, organizationId: null };
  const { organizationId, ...ref } = found;
  return { ref, organizationId };
}

async function queue(client: PoolClient, schema: string, fact: FactRef, news: RegattaNews, ref: RegattaRef, userIds: readonly string[]): Promise<number> {
  const params = { ...news, regatta: ref } as WithRegatta;
  const added = await queueMessages(client, schema, { factId: fact.id, kind: news.kind, eventId: fact.eventId, params, userIds, mandatory: KIND_RULES[news.kind].mandatory });
  queuedTotal.inc({ kind: news.kind }, added);
  return added;
}

/** Every entrant of the regatta (or of one fleet): notices, schedule changes, results. */
export async function notifyEntrants(client: PoolClient, schema: string, fact: FactRef, news: RegattaNews, fleetId: string | null = null): Promise<number> {
  const { ref } = await regattaOf(client, fact.eventId);
  const userIds = await entrantUserIds(client, fact.eventId, ENTRANT_STATUSES, fleetId);
  return queue(client, schema, fact, news, ref, userIds);
}

/** A fleet's name for a message, from the fleets projection (the id when not yet known). */
export async function fleetLabel(client: PoolClient, fleetId: string): Promise<string> {
  return (await fleetName(client, fleetId)) ?? fleetId;
}

/** The people sailing the given boats (the parties to a hearing). */
export async function notifyBoats(client: PoolClient, schema: string, fact: FactRef, news: RegattaNews, boatIds: readonly string[]): Promise<number> {
  const { ref } = await regattaOf(client, fact.eventId);
  const entrants = await entrantsOfBoats(client, fact.eventId, { boatIds });
  return queue(client, schema, fact, news, ref, entrants.map((entrant) => entrant.userId));
}

/** The person sailing one registration, with the boat's name and sail number filled in (codes on the water). */
export async function notifyRegistration(
  client: PoolClient,
  schema: string,
  fact: FactRef,
  registrationId: string,
  news: (boat: { boatName: string; sailNumber: string | null }) => RegattaNews,
): Promise<number> {
  const { ref } = await regattaOf(client, fact.eventId);
  let added = 0;
  for (const entrant of await entrantsOfBoats(client, fact.eventId, { registrationIds: [registrationId] })) {
    added += await queue(client, schema, fact, news(entrant), ref, [entrant.userId]);
  }
  return added;
}

/** One person about their own entry. */
export async function notifyUser(client: PoolClient, schema: string, fact: FactRef, userId: string, news: RegattaNews): Promise<number> {
  const { ref } = await regattaOf(client, fact.eventId);
  return queue(client, schema, fact, news, ref, [userId]);
}

/** The members of the club organizing the regatta. */
export async function notifyOrganizers(client: PoolClient, schema: string, fact: FactRef, news: RegattaNews): Promise<number> {
  const { ref, organizationId } = await regattaOf(client, fact.eventId);
  if (!organizationId) return 0;
  return queue(client, schema, fact, news, ref, await memberUserIds(client, organizationId));
}

/** A message about a person's account (password reset, e-mail confirmation, new device). */
export async function notifyAccount(client: PoolClient, schema: string, factId: string, userId: string, params: AccountParams): Promise<number> {
  const added = await queueMessages(client, schema, { factId, kind: params.kind, eventId: null, params, userIds: [userId], mandatory: KIND_RULES[params.kind].mandatory });
  queuedTotal.inc({ kind: params.kind }, added);
  return added;
}

/** The language a person signed up in, kept until they choose one. */
export async function rememberLanguage(client: PoolClient, userId: string, locale: string): Promise<void> {
  if (locale === 'en' || locale === 'de') await keepFirstLocale(client, userId, locale);
}
