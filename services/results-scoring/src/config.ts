/** Results-scoring's own environment (parsed once at start with the shared service variables). */
import { z } from '@regatta/runtime';

export const resultsEnv = {
  /**
   * Largest Sailwave file the import reads (bytes). Real files are under 1 MB (the largest oracle file
   * is 123 kB); reading stops at this limit and the answer is 413 sailwave_too_large.
   */
  SAILWAVE_MAX_BYTES: z.coerce.number().int().min(4_096).max(200 * 1024 * 1024).default(20 * 1024 * 1024),
};
