/**
 * THE policy for waiting on projections in identity: every wait of the service uses one of these
 * named budgets, so how long a request (or a consumer) may wait is decided here and nowhere else.
 */
export const PROJECTION_WAITS = {
  /**
   * The gateway asks for a user's roles right after they created an organization: wait until the
   * creator's membership, projected from organizations.v1, is there.
   */
  creatorMembership: 3_000,
  /** The consumer announcing a new admin waits for its own commit to become visible (after commit). */
  grantVisible: 10_000,
} as const;
