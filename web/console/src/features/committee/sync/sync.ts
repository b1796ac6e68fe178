/**
 * Sends the device's queue in the background. One pass: measure the clock against the server
 * (NTP-style midpoint, domain/clock.ts), fix that offset into every record not yet sent that has
 * none (stored before sending, so a retry sends the same body), send up to 500 records in one
 * request, then mark each `sent` (recorded or replayed) or `rejected` with the server's problem;
 * then the safety tally's queued sign-outs and sign-ins (sync/movements.ts), when the transport sends them.
 * The loop runs a pass when a record is added, when the network comes back and every 15 s; a pass
 * that fails (no network, a 5xx) is retried after 1, 2, 4 ... 30 s. Nothing leaves the queue unless
 * the server answered for it.
 */
import { bestOffset, type ClockSample } from '../domain/clock';
import { readClock, saveClock, unsentRecords, type CommitteeDb } from '../store/db';
import { sendMovements, type SendMovement } from './movements';
import { toWire, type WireRecord } from './wire';

export interface SyncResult {
  id: string;
  outcome: 'recorded' | 'replayed' | 'rejected';
  problem?: { code?: string; title?: string; detail?: string };
}

export interface CaptureTransport {
  /** The server's clock now (ms). */
  serverTime(): Promise<number>;
  /** Sends the records; resolves with one result per record and the server's clock, rejects when the request failed. */
  sync(records: WireRecord[]): Promise<{ serverTime: number; results: SyncResult[] }>;
  /** Sends one safety tally movement (sign-out or sign-in); without it the tally queue waits. */
  move?: SendMovement;
}

const BATCH = 500;

export interface PassReport {
  sent: number;
  rejected: number;
  offsetMs: number;
}

export async function syncPass(db: CommitteeDb, slug: string, transport: CaptureTransport, now: () => number = Date.now): Promise<PassReport> {
  const samples: ClockSample[] = [];
  const sentAt = now();
  const serverTime = await transport.serverTime();
  samples.push({ sentAt, serverReceivedAt: serverTime, serverSentAt: serverTime, receivedAt: now() });
  const measured = bestOffset(samples)!;
  await saveClock(db, { offsetMs: measured.offsetMs, delayMs: measured.delayMs, measuredAt: now() });

  let sent = 0;
  let rejected = 0;
  for (;;) {
    const pending = (await unsentRecords(db, slug)).slice(0, BATCH);
    if (pending.length === 0) break;
    const fixed = pending.filter((r) => r.clockOffsetMs === null).map((r) => ({ ...r, clockOffsetMs: measured.offsetMs }));
    if (fixed.length) await db.records.bulkPut(fixed);
    const batch = await unsentRecords(db, slug).then((all) => all.slice(0, BATCH));
    const answer = await transport.sync(batch.map(toWire));
    const byId = new Map(answer.results.map((r) => [r.id, r]));
    await db.transaction('rw', db.records, async () => {
      for (const record of batch) {
        const result = byId.get(record.id);
        if (!result) continue;
        if (result.outcome === 'rejected') {
          rejected += 1;
          await db.records.update(record.id, { state: 'rejected', problem: { code: result.problem?.code ?? 'rejected', title: result.problem?.title ?? '', ...(result.problem?.detail ? { detail: result.problem.detail } : {}) } });
        } else {
          sent += 1;
          await db.records.update(record.id, { state: 'sent' });
        }
      }
    });
    if (answer.results.length === 0) break;
  }
  if (transport.move) {
    const moved = await sendMovements(db, slug, transport.move, measured.offsetMs);
    sent += moved.sent;
    rejected += moved.rejected;
  }
  return { sent, rejected, offsetMs: measured.offsetMs };
}

export interface SyncStatus {
  online: boolean;
  running: boolean;
  lastError: string | null;
  /** The HTTP status of the last failure (401: the device's enrolment ended), null for a network failure. */
  lastErrorStatus: number | null;
  lastSyncAt: number | null;
  nextRetryAt: number | null;
}

/** The background loop of one regatta's queue. */
export class SyncLoop {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private running = false;
  private again = false;
  private stopped = false;
  private listeners = new Set<(status: SyncStatus) => void>();
  status: SyncStatus = { online: true, running: false, lastError: null, lastErrorStatus: null, lastSyncAt: null, nextRetryAt: null };

  constructor(
    private readonly db: CommitteeDb,
    private readonly slug: string,
    private readonly transport: CaptureTransport,
    private readonly idleMs = 15_000,
  ) {}

  start(): void {
    this.stopped = false;
    globalThis.addEventListener?.('online', this.kick);
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    globalThis.removeEventListener?.('online', this.kick);
    if (this.timer) clearTimeout(this.timer);
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private publish(change: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...change };
    for (const listener of this.listeners) listener(this.status);
  }

  /** Runs a pass now (or right after the one running). */
  kick = (): void => {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    void this.pass();
  };

  private async pass(): Promise<void> {
    this.running = true;
    this.publish({ running: true });
    let delay = this.idleMs;
    try {
      await syncPass(this.db, this.slug, this.transport);
      this.failures = 0;
      this.publish({ online: true, lastError: null, lastErrorStatus: null, lastSyncAt: Date.now(), nextRetryAt: null });
    } catch (error) {
      this.failures += 1;
      delay = Math.min(30_000, 1_000 * 2 ** (this.failures - 1));
      const status = (error as { status?: unknown }).status;
      this.publish({ online: false, lastError: error instanceof Error ? error.message : String(error), lastErrorStatus: typeof status === 'number' && status > 0 ? status : null, nextRetryAt: Date.now() + delay });
    } finally {
      this.running = false;
      this.publish({ running: false });
    }
    if (this.stopped) return;
    if (this.again) {
      this.again = false;
      delay = Math.min(delay, 0);
    }
    this.timer = setTimeout(() => void this.pass(), delay);
  }
}

export async function currentOffset(db: CommitteeDb): Promise<number | null> {
  return (await readClock(db))?.offsetMs ?? null;
}
