/**
 * Regatta heads (id, slug, status, versions) by slug, kept in memory until a change notification for
 * that regatta arrives, so a cached page or a new live stream costs no database round trip. A burst of
 * reconnecting spectators therefore does not queue on the connection pool. Unknown slugs are not
 * remembered (a new regatta must appear at once); nothing is remembered while notifications cannot
 * be trusted.
 */
import type { Queryable } from '@regatta/db';
import type { ChangeFeed } from './change-feed.js';
import type { EventHead } from '../domain/model.js';
import { eventHeadBySlug } from '../store/pages.js';

const MAX_ENTRIES = 10_000;

export class EventHeads {
  private readonly bySlug = new Map<string, EventHead>();
  private readonly slugOf = new Map<string, string>();
  private generation = 0;

  constructor(
    private readonly db: Queryable,
    private readonly changes: ChangeFeed,
  ) {
    changes.on('event', (eventId) => {
      this.generation += 1;
      const slug = this.slugOf.get(eventId);
      if (slug !== undefined) this.bySlug.delete(slug);
      this.slugOf.delete(eventId);
    });
    changes.on('resync', () => {
      this.generation += 1;
      this.bySlug.clear();
      this.slugOf.clear();
    });
  }

  async get(slug: string): Promise<EventHead | undefined> {
    const cached = this.changes.reliable ? this.bySlug.get(slug) : undefined;
    if (cached) return cached;
    const generation = this.generation;
    const head = await eventHeadBySlug(this.db, slug);
    // Stored only if no change arrived while it was read (it might be older than that change).
    if (head && this.changes.reliable && generation === this.generation) {
      if (this.bySlug.size >= MAX_ENTRIES) this.bySlug.clear();
      this.bySlug.set(slug, head);
      this.slugOf.set(head.id, slug);
    }
    return head;
  }
}
