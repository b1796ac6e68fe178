/**
 * Tells gateways to drop cached credentials at once: a Redis pub/sub message to all gateway replicas.
 * (The gateway proxying the request also reads the response header set by http/invalidation-header.ts.)
 * Pub/sub is best effort; the gateway's short cache TTL bounds staleness if a message is lost, and
 * gateways flush their cache when they resubscribe.
 */
import { Redis } from 'ioredis';
import type { Logger } from '@regatta/logging';
import type { CredentialInvalidator, InvalidationTarget } from '../app/resources.js';

export class Invalidator implements CredentialInvalidator {
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
