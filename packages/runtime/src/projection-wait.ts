/**
 * Waiting on a projection fed by another service's facts: a caller may act on something another
 * service has just created before its fact reached this service's projection, so a use case looks
 * it up and, when it is absent, waits a bounded time for the consumer to catch up. Each service keeps
 * its own named budgets (how long which request may hang); the mechanics are these, once.
 */

/** What a wait needs of the service context: its consumers' "re-check after each applied fact". */
export interface ProjectionWaiter {
  waitFor(check: () => Promise<boolean>, timeoutMs?: number): Promise<boolean>;
}

/**
 * `find()` now, else again each time the projection's consumer applies a fact, until it returns a value
 * that `accept` takes or `timeoutMs` has passed; the last value found (accepted or not) is returned.
 */
export async function awaitProjection<T>(
  context: ProjectionWaiter,
  find: () => Promise<T | undefined>,
  timeoutMs: number,
  accept: (value: T) => boolean = () => true,
): Promise<T | undefined> {
  let value = await find();
  if ((value === undefined || !accept(value)) && timeoutMs > 0) {
    await context.waitFor(async () => {
      value = await find();
      return value !== undefined && accept(value);
    }, timeoutMs);
  }
  return value;
}

/** A request's wait budget: every wait of the request draws on one deadline. */
export interface WaitBudget {
  remaining(): number;
}

export function waitBudget(totalMs: number): WaitBudget {
  const deadline = Date.now() + totalMs;
  return { remaining: () => Math.max(0, deadline - Date.now()) };
}
