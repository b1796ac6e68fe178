/** Race capture's own environment (parsed once at start with the shared service variables; a bad value stops the start). */
import { z } from '@regatta/runtime';

export const captureEnv = {
  /**
   * How often the tally's closing loop looks for days whose sign-in deadline has passed (ms). A day
   * closes within this time of its deadline; the look-up is one indexed query.
   */
  TALLY_CLOSE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
};
