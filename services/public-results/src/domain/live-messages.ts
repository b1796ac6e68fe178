/**
 * The live feed's vocabulary: which facts become messages for spectators, and what they carry (the
 * same public shapes as the pages' JSON twins). Registration messages never carry personal details
 * beyond what the public entry list shows.
 */
export const LIVE_MESSAGE_TYPES = [
  'results.updated',
  'results.published',
  'standings.updated',
  'race.started',
  'race.completed',
  'registration.created',
  'registration.updated',
  'registration.cancelled',
  // The protest room's notice board: a hearing set or moved, a decision published; never a bare lodging.
  'hearing.scheduled',
  'decision.published',
  'protest.withdrawn',
] as const;
export type LiveMessageType = (typeof LIVE_MESSAGE_TYPES)[number];

/** Control messages: `ready` opens every stream (its id is where the stream starts); `reload` says history was too short. */
export type LiveControlType = 'ready' | 'reload';

export function isLiveMessageType(type: string): type is LiveMessageType {
  return (LIVE_MESSAGE_TYPES as readonly string[]).includes(type);
}

/** How many messages per regatta the feed keeps for reconnecting clients. */
export const LIVE_HISTORY = 500;

export interface LiveMessage {
  seq: number;
  type: LiveMessageType | LiveControlType;
  data: unknown;
}

/** One Server-Sent Events frame. Data is one line of JSON (JSON never contains a raw newline). */
export function sseFrame(message: LiveMessage): string {
  const id = message.type === 'reload' ? '' : `id: ${message.seq}\n`;
  return `${id}event: ${message.type}\ndata: ${JSON.stringify(message.data)}\n\n`;
}

/**
 * Where a reconnecting client resumes: `replay` from `after` when the history still holds every
 * message after it, `reload` when some were pruned (or the id is from the future of another history).
 */
export function resumePlan(lastEventId: number | undefined, current: number, oldestKept: number | undefined): { kind: 'fresh' } | { kind: 'replay'; after: number } | { kind: 'reload' } {
  if (lastEventId === undefined) return { kind: 'fresh' };
  if (lastEventId > current) return { kind: 'reload' };
  if (lastEventId === current) return { kind: 'replay', after: current };
  const firstNeeded = lastEventId + 1;
  if (oldestKept === undefined || oldestKept > firstNeeded) return { kind: 'reload' };
  return { kind: 'replay', after: lastEventId };
}

/** Parses a Last-Event-ID header (or lastEventId query): a non-negative integer, else none. */
export function parseLastEventId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
