/**
 * What this service's routes and background task share, created once per process by the service
 * definition's `setup` (service.ts): the read model's change feed, the in-memory regatta heads, the
 * page cache and the live hub. Nothing is cached by context or at module level.
 */
import type { ServiceContext } from '@regatta/runtime';
import type { publicResultsEnv } from '../config.js';
import type { ChangeFeed } from './change-feed.js';
import type { EventHeads } from './event-heads.js';
import type { LiveHub } from './live-hub.js';
import type { PageCache } from './page-cache.js';

export type PublicContext = ServiceContext<typeof publicResultsEnv>;

export interface PublicResources {
  changes: ChangeFeed;
  heads: EventHeads;
  hub: LiveHub;
  cache: PageCache;
}
