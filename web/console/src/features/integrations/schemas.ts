/**
 * The integration forms check what the API checks: createApiKey (identity.yaml, Scope enum),
 * createEmbedToken (allowedOrigins: exact web origins) and createWebhook/updateWebhook
 * (webhooks.yaml, WebhookEventType enum). Messages are i18n keys (common's validation.* or this
 * area's integrations:validation.*).
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';
import { SCOPES as VOCABULARY_SCOPES } from '@regatta/contracts/vocabulary';

type Scope = Schemas['Scope'];
type WebhookEventType = Schemas['WebhookEventType'];

/** Every value of a string union, checked by the compiler: a value the API adds fails the build here. */
type Exhaustive<Union extends string, List extends readonly Union[]> = [Exclude<Union, List[number]>] extends [never] ? List : never;

/** The scopes an API key may hold, in the API's order (the vocabulary's, checked against the API's enum). */
export const SCOPES: Exhaustive<Scope, typeof VOCABULARY_SCOPES> = VOCABULARY_SCOPES;

export const apiKeySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  scopes: z.array(z.enum(SCOPES)).min(1, 'integrations:validation.scopes'),
  expiresInDays: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d+$/.test(value), 'validation.number')
    .refine((value) => value === '' || !/^\d+$/.test(value) || Number(value) >= 1, 'validation.min')
    .refine((value) => value === '' || !/^\d+$/.test(value) || Number(value) <= 365, 'validation.max'),
});
export type ApiKeyValues = z.infer<typeof apiKeySchema>;

export function toApiKeyRequest(values: ApiKeyValues): { name: string; scopes: Scope[]; expiresInDays?: number } {
  return {
    name: values.name.trim(),
    scopes: SCOPES.filter((scope) => values.scopes.includes(scope)),
    ...(values.expiresInDays.trim() === '' ? {} : { expiresInDays: Number(values.expiresInDays) }),
  };
}

/**
 * A web origin exactly as a browser sends it (what the identity service accepts): http or https, a
 * host, a port only when not the scheme's default, no path, no trailing slash, at most 200 characters.
 */
export function isWebOrigin(value: string): boolean {
  if (value.length > 200) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** The origins of a text area, one per line; blank lines are ignored. */
export function originLines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
}

/** The origin a person probably meant by a line that is not one (`https://club.example.org/` → without the slash). */
export function suggestedOrigin(line: string): string | undefined {
  try {
    const url = new URL(line.includes('://') ? line : `https://${line}`);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin !== line && url.hostname ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export const embedTokenSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  allowedOrigins: z
    .string()
    .refine((text) => originLines(text).length >= 1, 'integrations:validation.originsRequired')
    .refine((text) => originLines(text).length <= 20, 'integrations:validation.originsTooMany')
    .refine((text) => originLines(text).every(isWebOrigin), 'integrations:validation.origin'),
});
export type EmbedTokenValues = z.infer<typeof embedTokenSchema>;

/**
 * The public event types, grouped as an organizer thinks of them. The compiler checks that every
 * type of the API is in the list (a unit test checks that each is in exactly one group).
 */
const eventGroups = {
  regattas: ['event.created', 'event.updated', 'event.cancelled', 'event.deleted', 'document.amended', 'document.withdrawn'],
  registrations: ['registration.created', 'registration.updated', 'registration.cancelled'],
  races: ['race.scheduled', 'race.started', 'race.completed', 'race.updated', 'race.deleted', 'fleet.updated', 'fleet.deleted', 'fleet.split'],
  results: ['results.updated', 'results.published', 'results.revised', 'results.posted', 'results.official', 'standings.updated'],
  protests: ['protest.lodged', 'hearing.scheduled', 'decision.published', 'protest.withdrawn'],
  series: ['series.updated', 'series.deleted', 'ranking.published'],
} as const satisfies Record<string, readonly WebhookEventType[]>;
export type EventGroup = keyof typeof eventGroups;
export const EVENT_GROUPS: Readonly<Record<EventGroup, readonly WebhookEventType[]>> = eventGroups;
const allEventTypes = Object.values(eventGroups).flat();
export const WEBHOOK_EVENT_TYPES: Exhaustive<WebhookEventType, typeof allEventTypes> = allEventTypes;

/**
 * createWebhook/updateWebhook: an absolute http(s) URL without credentials, at most 2048 characters
 * (whether plain http or a local address is allowed depends on the platform's environment: the API
 * says so), one or more event types.
 */
export function isWebhookUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.hostname !== '';
  } catch {
    return false;
  }
}

export const webhookSchema = z.object({
  url: z.string().trim().min(1, 'validation.required').max(2048, 'validation.tooLong').refine(isWebhookUrl, 'integrations:validation.webhookUrl'),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]])).min(1, 'integrations:validation.events').max(50, 'validation.max'),
  active: z.boolean(),
});
export type WebhookValues = z.infer<typeof webhookSchema>;
