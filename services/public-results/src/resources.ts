/** What this service's routes and background tasks share: the change listener, the live hub, the page cache. */
import type { Pool } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { z } from '@regatta/runtime';
import { EventHeads } from './app/event-heads.js';
import { PageCache } from './http/page-cache.js';
import { ChangeFeed } from './live/changes.js';
import { LiveHub } from './live/hub.js';

export const env = {
  /** Seconds a browser or CDN may reuse a public page (it revalidates with its ETag afterwards). */
  PUBLIC_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** Heartbeat comment interval on live streams (below every proxy's idle timeout). */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
  /** Reconnect delay the live stream suggests to EventSource clients. */
  LIVE_RETRY_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  /** Keep rendered pages until the read model changes (off: render every request; for benchmarks). */
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
};

export interface PublicResources {
  pool: Pool;
  changes: ChangeFeed;
  hub: LiveHub;
  cache: PageCache;
  heads: EventHeads;
  config: { PUBLIC_MAX_AGE_SECONDS: number; LIVE_HEARTBEAT_MS: number; LIVE_RETRY_MS: number; PAGE_CACHE: 'on' | 'off' };
}

export function createResources(context: ServiceContext<typeof env>): PublicResources {
  const changes = new ChangeFeed(context.pool, context.logger);
  return {
    pool: context.pool,
    changes,
    hub: new LiveHub({ pool: context.pool, changes, logger: context.logger, heartbeatMs: context.config.LIVE_HEARTBEAT_MS }),
    cache: new PageCache(changes, context.config.PAGE_CACHE === 'on'),
    heads: new EventHeads(context.pool, changes),
    config: context.config,
  };
}
