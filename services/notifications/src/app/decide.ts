/**
 * Deciding who hears of a fact, in the consumer's transaction (the one that records the fact in the
 * inbox): the messages are queued as outbox rows, one per (fact, recipient, kind), so a fact applied
 * again (redelivery, restart) queues nothing twice and a fact applied is never lost.
 */
import type { PoolClient } from '@regatta/db';
import { digestSlot } from '../domain/digest.js';
import { ENTRANT_STATUSES, KIND_RULES } from '../domain/kinds.js';
import type { MessageParams, RegattaRef } from '../domain/message.js';
import { collectDigestItems, digestChoosers } from '../store/digests.js';
import { entrantsOfBoats, entrants, memberUserIds } from '../store/projections/entries.js';
import { findRegatta, fleetName } from '../store/projections/regattas.js';
import { queueMessages, type Recipient } from '../store/messages.js';
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

const people = (userIds: readonly string[]): Recipient[] => userIds.map((userId) => ({ userId, registrationId: null }));

async function queue(client: PoolClient, schema: string, fact: FactRef, news: RegattaNews, ref: RegattaRef, recipients: readonly Recipient[]): Promise<number> {
  const params = { ...news, regatta: ref } as WithRegatta;
  const added = await queueMessages(client, schema, { factId: fact.id, kind: news.kind, eventId: fact.eventId, params, recipients, mandatory: KIND_RULES[news.kind].mandatory });
  queuedTotal.inc({ kind: news.kind }, added);
  return added;
}

/** Every entrant of the regatta (or of one fleet): notices, schedule changes, results. */
export async function notifyEntrants(client: PoolClient, schema: string, fact: FactRef, news: RegattaNews, fleetId: string | null = null): Promise<number> {
  const { ref } = await regattaOf(client, fact.eventId);
  return queue(client, schema, fact, news, ref, await entrants(client, fact.eventId, ENTRANT_STATUSES, fleetId));
}

/** A fleet's name for a message, from the fleets projection (the id when not yet known). */
export async function fleetLabel(client: PoolClient, fleetId: string): Promise<string> {
  return (await fleetName(client, fleetId)) ?? fleetId;
}

/** The people sailing the given boats (the parties to a hearing). */
export async function notifyBoats(client: PoolClient, schema: string, fact: FactRef, news: RegattaNews, boatIds: readonly string[]): Promise<number> {
  const { ref } = await regattaOf(client, fact.eventId);
  return queue(client, schema, fact, news, ref, await entrantsOfBoats(client, fact.eventId, { boatIds }));
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
    added += await queue(client, schema, fact, news(entrant), ref, [entrant]);
  }
  return added;
}

/** One person about their own entry (the registration reaches a sailor entered without an account). */
export async function notifyUser(client: PoolClient, schema: string, fact: FactRef, recipient: Recipient, news: RegattaNews): Promise<number> {
  const { ref } = await regattaOf(client, fact.eventId);
  return queue(client, schema, fact, news, ref, [recipient]);
}

/**
 * The members of the club organizing the regatta. A kind that may be gathered into a digest goes at
 * once to those who want it so, and is collected for the daily digest of the others (due at the
 * digest hour, `digestHour`, in the regatta's time zone, after `now`).
 */
export async function notifyOrganizers(client: PoolClient, schema: string, fact: FactRef, news: RegattaNews, digest?: { hour: number; now: Date }): Promise<number> {
  const found = await findRegatta(client, fact.eventId);
  if (!found?.organizationId) return 0;
  const { organizationId, ...ref } = found;
  const members = await memberUserIds(client, organizationId);
  if (!digest || news.kind !== 'organizer_entry' || !('change' in news) || !KIND_RULES[news.kind].digest) return queue(client, schema, fact, news, ref, people(members));
  const daily = await digestChoosers(client, news.kind, fact.eventId, members);
  const slot = digestSlot(digest.now, ref.timeZone, digest.hour);
  const { kind, change, boat, sailor, fleet } = news;
  const collected = await collectDigestItems(client, { factId: fact.id, kind, eventId: fact.eventId, userIds: [...daily], item: { change, boat, sailor, fleet }, collectedAt: digest.now, ...slot });
  return collected + (await queue(client, schema, fact, news, ref, people(members.filter((userId) => !daily.has(userId)))));
}

/** A message about a person's account (password reset, e-mail confirmation, new device). */
export async function notifyAccount(client: PoolClient, schema: string, factId: string, userId: string, params: AccountParams): Promise<number> {
  const added = await queueMessages(client, schema, { factId, kind: params.kind, eventId: null, params, recipients: people([userId]), mandatory: KIND_RULES[params.kind].mandatory });
  queuedTotal.inc({ kind: params.kind }, added);
  return added;
}

/** The language a person signed up in, kept until they choose one. */
export async function rememberLanguage(client: PoolClient, userId: string, locale: string): Promise<void> {
  if (locale === 'en' || locale === 'de') await keepFirstLocale(client, userId, locale);
}
