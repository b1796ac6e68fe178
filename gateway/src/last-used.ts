/**
 * lastUsedAt without a database write per request: the gateway remembers the latest use of each key
 * and embed token in memory and sends them to identity in one batch every LAST_USED_FLUSH_MS (and on
 * shutdown). A failed flush is merged back and retried with the next batch.
 */
import type { Logger } from '@regatta/logging';
import type { IdentityClient } from './identity-client.js';

export class LastUsedRecorder {
  private keys = new Map<string, number>();
  private embeds = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly client: Pick<IdentityClient, 'reportLastUsed'>,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  recordKey(id: string, at = Date.now()): void {
    this.keys.set(id, Math.max(at, this.keys.get(id) ?? 0));
  }

  recordEmbed(id: string, at = Date.now()): void {
    this.embeds.set(id, Math.max(at, this.embeds.get(id) ?? 0));
  }

  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.keys.size === 0 && this.embeds.size === 0) return;
    const keys = this.keys;
    const embeds = this.embeds;
    this.keys = new Map();
    this.embeds = new Map();
    const toList = (map: Map<string, number>) => [...map].map(([id, at]) => ({ id, at: new Date(at).toISOString() }));
    this.flushing = this.client
      .reportLastUsed({ keys: toList(keys), embedTokens: toList(embeds) })
      .catch((error: unknown) => {
        this.logger.warn({ err: error, keys: keys.size, embedTokens: embeds.size }, 'last-used flush failed; retrying with the next batch');
        for (const [id, at] of keys) this.recordKey(id, at);
        for (const [id, at] of embeds) this.recordEmbed(id, at);
      })
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
