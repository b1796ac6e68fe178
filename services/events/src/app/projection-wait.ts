/**
 * THE policy for waiting on projections fed by other services' facts. A caller may act on something
 * another service has just created (an organization, a user) before its fact has reached our
 * projection; rather than refuse, a use case waits a bounded time for the consumer to catch up. Every
 * wait in the service goes through `awaitProjected` with one of these named budgets, so how long a
 * request may hang is decided here and nowhere else. A lookup that needs no wait (a read that may
 * just say "none") does not call this at all.
 */
import { awaitProjection, type ServiceContext } from '@regatta/runtime';

export const PROJECTION_WAITS = {
  /** An organization created a moment ago (organizations.v1): creating an event or series in it. */
  organization: 5_000,
  /** A user named as the sailor by an organizer (identity.v1): unknown after this is 400 unknown_sailor. */
  namedSailor: 3_000,
  /**
   * The caller's own user record, for the name and email on their entry. Short: the entry is made
   * anyway (with no name) if identity's fact is still on its way.
   */
  ownProfile: 1_000,
} as const;

export type ProjectionWait = keyof typeof PROJECTION_WAITS;

/** Looks `find` up; when absent, waits (up to the policy's budget) for the projection to have it. */
export async function awaitProjected<T>(context: ServiceContext, wait: ProjectionWait, find: () => Promise<T | undefined>): Promise<T | undefined> {
  return awaitProjection(context, find, PROJECTION_WAITS[wait]);
}
