/**
 * Turning the organizers' digests that fell due into outbox messages: each (person, regatta, due
 * instant) becomes one `organizer_entry` message listing its changes in the order they came, in the
 * transaction that deletes them, with a fact id derived from the regatta and the local day. Replicas
 * may run side by side (a transaction lock per digest, and the outbox's unique key), a restart
 * repeats nothing, and nothing is sent when nothing changed. `at` is the clock: the background task
 * passes the time, an internal operation any instant (tests, an operator catching up).
 */
import { withTransaction, type Pool } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import type { BackgroundTask } from '@regatta/runtime';
import { digestFactId, digestSlot } from '../domain/digest.js';
import { dropDigestItems, dueDigests, postponeDigestItems, queueDigest, switchedOff, takeDigestItems, type DigestGroup } from '../store/digests.js';
import { findRegatta } from '../store/projections/regattas.js';
import { queuedTotal } from './metrics.js';

const GROUPS_PER_PASS = 500;

export interface DigestSettings {
  pool: Pool;
  schema: string;
  /** The local digest hour (NOTIFY_DIGEST_HOUR). */
  hour: number;
}

async function makeDigest(settings: DigestSettings, group: DigestGroup): Promise<'queued' | 'none'> {
  return withTransaction(settings.pool, async (client) => {
    const items = await takeDigestItems(client, group);
    if (items.length === 0) return 'none';
    if (await switchedOff(client, group.userId, group.kind, group.eventId)) {
      await dropDigestItems(client, group);
      return 'none';
    }
    const found = await findRegatta(client, group.eventId);
    const regatta = found ? { name: found.name, slug: found.slug, timeZone: found.timeZone } : { name: 'Regatta', slug: group.eventId, timeZone: null };
    const params = { kind: 'organizer_entry' as const, regatta, day: group.day, dueAt: group.dueAt.toISOString(), items };
    if (await queueDigest(client, settings.schema, { factId: digestFactId(group.eventId, group.day), userId: group.userId, kind: group.kind, eventId: group.eventId, params })) {
      await dropDigestItems(client, group);
      return 'queued';
    }
    // That day's digest already went (these changes came after it): they go into the next one.
    await postponeDigestItems(client, group, digestSlot(group.dueAt, regatta.timeZone, settings.hour));
    return 'none';
  });
}

/** Queues every digest due at `at` (of one regatta when `eventId` is given); answers how many were queued. */
export async function runDigests(settings: DigestSettings, at: Date, eventId: string | null = null): Promise<number> {
  let queued = 0;
  for (const group of await dueDigests(settings.pool, at, eventId, GROUPS_PER_PASS)) {
    if ((await makeDigest(settings, group)) === 'queued') queued += 1;
  }
  if (queued > 0) queuedTotal.inc({ kind: 'organizer_entry' }, queued);
  return queued;
}

/** Looks for digests that fell due every `pollMs` (NOTIFY_DIGEST_POLL_MS). */
export class DigestTask implements BackgroundTask {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;

  constructor(
    private readonly settings: DigestSettings,
    private readonly logger: Logger,
    private readonly pollMs: number,
  ) {}

  async start(): Promise<void> {
    this.timer = setInterval(() => {
      this.pass ??= runDigests(this.settings, new Date())
        .then((queued) => {
          if (queued > 0) this.logger.info({ queued }, 'daily digests queued');
        })
        .catch((error: unknown) => this.logger.warn({ err: error }, 'digest pass failed; the next one retries'))
        .finally(() => {
          this.pass = undefined;
        });
    }, this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pass;
  }
}
