/** Public-results-specific environment (parsed once at start with the shared service variables). */
import { z } from '@regatta/runtime';

export const publicResultsEnv = {
  /** Seconds a browser or CDN may reuse a public page (it revalidates with its ETag afterwards). */
  PUBLIC_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** Heartbeat comment interval on live streams (below every proxy's idle timeout). */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
  /** Reconnect delay the live stream suggests to EventSource clients. */
  LIVE_RETRY_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /** Keep rendered pages until the read model changes (off: render every request; for benchmarks). */
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
};
