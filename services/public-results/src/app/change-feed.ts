/**
 * Listens for the read model's change notifications (NOTIFY at commit) on a dedicated connection and
 * re-listens after any failure (the shared `listen` of @regatta/db: backoff, the dead connection is
 * destroyed). While not listening, `reliable` is false: caches must not be trusted and the live hub
 * polls instead. After every (re)LISTEN, `resync` tells subscribers to catch up.
 */
import { EventEmitter } from 'node:events';
import { listen, type ListenHandle, type Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import { CHANGES_CHANNEL } from '../store/projections/changes.js';

export interface ChangeFeedEvents {
  event: [eventId: string];
  catalog: [];
  series: [seriesId: string];
  resync: [];
}

export class ChangeFeed extends EventEmitter<ChangeFeedEvents> {
  private handle: ListenHandle | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
  ) {
    super();
    this.setMaxListeners(0);
  }

  /** True while the LISTEN connection is up: every committed change will be announced. */
  get reliable(): boolean {
    return this.handle?.listening ?? false;
  }

  async start(): Promise<void> {
    if (this.handle) return;
    this.handle = listen(this.pool, CHANGES_CHANNEL, (payload) => this.dispatch(payload), this.logger, {
      // Caches were filled while changes were announced; after a gap they may be stale.
      onListening: () => this.emit('resync'),
    });
    // Wait for the first attempt only; a failed one keeps retrying in the background.
    await this.handle.ready;
  }

  async stop(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.stop();
  }

  private dispatch(payload: string): void {
    if (payload === 'c') this.emit('catalog');
    else if (payload.startsWith('e:')) this.emit('event', payload.slice(2));
    else if (payload.startsWith('s:')) this.emit('series', payload.slice(2));
  }
}
