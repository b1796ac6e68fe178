/**
 * INCRs sent to Redis in batches, one batch in flight at a time: the commands that arrive while a
 * batch is on its way wait for its answer and then leave together in one pipeline (one socket write
 * and one read for all of them). Under load this coalesces the per-request counters of concurrent
 * requests (the gateway's CPU profile showed one write syscall per counted request at ~15 % of its
 * busy time); when idle a command leaves at the end of the current event-loop turn (a lone one as a
 * plain command: an ioredis pipeline costs an object with every command method on it). Every INCR
 * still runs on its own in Redis, in order: counts stay exact.
 */
import type { Redis } from 'ioredis';

interface Waiting {
  key: string;
  resolve(count: number): void;
  reject(error: unknown): void;
}

export class IncrBatcher {
  private waiting: Waiting[] = [];
  private inFlight = false;
  private scheduled = false;

  constructor(private readonly redis: Redis) {}

  incr(key: string): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      if (!this.inFlight && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.send();
        });
      }
    });
  }

  private send(): void {
    if (this.inFlight || this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    this.inFlight = true;
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      this.redis
        .incr(only.key)
        .then(only.resolve, only.reject)
        .finally(() => this.sent());
      return;
    }
    const pipeline = this.redis.pipeline();
    for (const item of batch) pipeline.incr(item.key);
    pipeline
      .exec()
      .then((results) => {
        batch.forEach((item, index) => {
          const [error, count] = results?.[index] ?? [new Error('no reply from Redis'), undefined];
          if (error) item.reject(error);
          else item.resolve(Number(count));
        });
      })
      .catch((error: unknown) => {
        for (const item of batch) item.reject(error);
      })
      .finally(() => this.sent());
  }

  private sent(): void {
    this.inFlight = false;
    this.send();
  }
}
