/**
 * Listens for the read model's change notifications (NOTIFY at commit) on a dedicated connection and
 * re-listens after any failure. While not listening, `reliable` is false: caches must not be trusted
 * and the live hub polls instead. After a reconnect, `resync` tells subscribers to catch up.
 */
import { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { CHANGES_CHANNEL } from '../store/projection.js';

export interface ChangeFeedEvents {
  event: [eventId: string];
  catalog: [];
  series: [seriesId: string];
  resync: [];
}

export class ChangeFeed extends EventEmitter<ChangeFeedEvents> {
  reliable = false;
  private client: PoolClient | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
  ) {
    super();
    this.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect(1);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.reliable = false;
    const client = this.client;
    this.client = undefined;
    client?.release(true);
  }

  private async connect(attempt: number): Promise<void> {
    if (this.stopped) return;
    let client: PoolClient | undefined;
    try {
      client = await this.pool.connect();
      client.on('notification', (message) => this.dispatch(message.payload ?? ''));
      client.on('error', (error) => this.lost(client!, error));
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      this.client = client;
      const wasReliable = this.reliable;
      this.reliable = true;
      if (attempt > 1 || wasReliable) this.logger.info({ attempt }, 'listening for read-model changes again');
      this.emit('resync');
    } catch (error) {
      client?.release(true);
      this.logger.warn({ err: error, attempt }, 'cannot LISTEN for read-model changes; retrying');
      this.retryTimer = setTimeout(() => void this.connect(attempt + 1), Math.min(5_000, 200 * attempt));
    }
  }

  private lost(client: PoolClient, error: Error): void {
    if (this.client !== client) return;
    this.logger.warn({ err: error }, 'change listener lost its connection');
    this.client = undefined;
    this.reliable = false;
    client.release(true);
    if (!this.stopped) this.retryTimer = setTimeout(() => void this.connect(2), 200);
  }

  private dispatch(payload: string): void {
    if (payload === 'c') this.emit('catalog');
    else if (payload.startsWith('e:')) this.emit('event', payload.slice(2));
    else if (payload.startsWith('s:')) this.emit('series', payload.slice(2));
  }
}
