/**
 * Rendered pages kept per replica until the read model says they changed. Entries are tagged with
 * what they show (a regatta, the catalog, a series) and dropped when a change notification for that
 * tag arrives; while notifications cannot be trusted (listener down) nothing is cached, so a reader
 * never sees a page older than the read model. Listing pages also expire after a minute (they split
 * regattas by today's date).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { ChangeFeed } from './change-feed.js';

export interface CachedPage {
  body: Buffer;
  /** The body gzipped once when the page is cached (a profile showed socket writes dominating). */
  gzipped: Buffer | undefined;
  contentType: string;
  etag: string;
  expiresAt: number;
}

const MAX_ENTRIES = 5_000;

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

export class PageCache {
  private readonly pages = new Map<string, { page: CachedPage; tag: string }>();

  constructor(
    private readonly changes: ChangeFeed,
    private readonly enabled = true,
  ) {
    changes.on('event', (eventId) => this.drop(`e:${eventId}`));
    changes.on('catalog', () => {
      this.drop('c');
      this.drop('series');
    });
    changes.on('series', () => this.drop('series'));
    changes.on('resync', () => this.pages.clear());
  }

  get(key: string): CachedPage | undefined {
    if (!this.enabled || !this.changes.reliable) return undefined;
    const hit = this.pages.get(key);
    if (!hit) return undefined;
    if (hit.page.expiresAt < Date.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return hit.page;
  }

  /** Stores a page rendered from state read *before* any notification that would invalidate it. */
  put(key: string, tag: string, body: string, contentType: string, ttlMs: number, generation: number): CachedPage {
    const bytes = Buffer.from(body);
    const page: CachedPage = { body: bytes, gzipped: undefined, contentType, etag: etagOf(body), expiresAt: Date.now() + ttlMs };
    if (this.enabled && this.changes.reliable && generation === this.generationOf(tag)) {
      if (bytes.length > 1024) page.gzipped = gzipSync(bytes, { level: 6 });
      if (this.pages.size >= MAX_ENTRIES) this.pages.delete(this.pages.keys().next().value!);
      this.pages.set(key, { page, tag });
    }
    return page;
  }

  private readonly generations = new Map<string, number>();

  /** A counter per tag, bumped by each invalidation: a render that raced with a change is not stored. */
  generationOf(tag: string): number {
    return this.generations.get(tag) ?? 0;
  }

  private drop(tag: string): void {
    this.generations.set(tag, this.generationOf(tag) + 1);
    for (const [key, entry] of this.pages) if (entry.tag === tag) this.pages.delete(key);
  }
}
