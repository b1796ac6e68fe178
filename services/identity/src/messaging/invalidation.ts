/**
 * Tells gateways to drop cached credentials at once: a Redis pub/sub message (all gateway replicas)
 * and, for the gateway proxying the request, a response header it consumes and strips
 * ("x-identity-invalidate: key:<id>,user:<id>"). Pub/sub is best effort; the gateway's short cache
 * TTL bounds staleness if a message is lost, and gateways flush their cache when they resubscribe.
 */
import type { Response } from 'express';
import { Redis } from 'ioredis';
import type { Logger } from '@regatta/logging';

export const INVALIDATE_HEADER = 'x-identity-invalidate';

export type InvalidationTarget = `key:${string}` | `session:${string}` | `user:${string}` | `embed:${string}`;

export class Invalidator {
  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {}

  async publish(targets: InvalidationTarget[]): Promise<void> {
    if (targets.length === 0) return;
    try {
      await this.redis.publish(this.channel, targets.join(','));
    } catch (error) {
      this.logger.warn({ err: error, targets }, 'could not publish credential invalidation; gateways rely on their cache TTL');
    }
  }

  /** Publishes and adds the header for the proxying gateway. Call after the change committed. */
  async announce(res: Response, targets: InvalidationTarget[]): Promise<void> {
    const existing = res.getHeader(INVALIDATE_HEADER);
    res.setHeader(INVALIDATE_HEADER, [existing, ...targets].filter(Boolean).join(','));
    await this.publish(targets);
  }
}

export function createRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  let lastWarning = 0;
  redis.on('error', (error) => {
    if (Date.now() - lastWarning > 30_000) {
      lastWarning = Date.now();
      logger.warn({ err: error }, 'redis error');
    }
  });
  return redis;
}
