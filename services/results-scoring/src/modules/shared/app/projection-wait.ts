/**
 * The one policy for waiting on the projections of the events service's facts (events, fleets, races,
 * series, registrations arrive over Kafka a few milliseconds to a few hundred after the events service
 * answered). Every wait in this service goes through here; the rule:
 *
 * - A write (submit results, publish results) names things its caller has just created through the
 *   events service, so a miss is most likely lag: the request waits, up to WRITE_MS in all (one budget
 *   shared by every wait of the request: event, race, fleet, boats), before its 404 or 400. Boats are
 *   waited for only when some missing boat is not known to be registered in another fleet of the event.
 * - A read (results, standings, series standings) of a slug the projection has never seen has no sign
 *   of lag (most such slugs are typos, stale links or probes), so it waits only UNKNOWN_SLUG_ON_READ_MS,
 *   enough for the consumer's usual latency right after the event's creation, then answers 404.
 * - A read of a known event never waits: fleets or races not projected yet are simply not listed, and
 *   views not rendered yet are rendered on the spot (modules/results/app/render-views.ts).
 */
import type { ServiceContext } from '@regatta/runtime';

// The mechanics are the runtime's; this file keeps the service's budgets.
export { awaitProjection, waitBudget, type WaitBudget } from '@regatta/runtime';

export const PROJECTION_WAIT = {
  /** Budget of one write request for everything it names. */
  WRITE_MS: 3_000,
  /** A read of an event or series slug the projection does not know (yet). */
  UNKNOWN_SLUG_ON_READ_MS: 500,
} as const;

/** Waits until `check` holds, for at most `timeoutMs` (a boolean condition rather than a lookup). */
export async function awaitCondition(context: Pick<ServiceContext, 'waitFor'>, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  await context.waitFor(check, timeoutMs);
}
