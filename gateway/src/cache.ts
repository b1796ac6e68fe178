/**
 * A bounded TTL cache with tags: every entry is filed under the ids it depends on (its key id, its
 * user, its session or embed token), so one invalidation message drops all of them.
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; tags: string[] }>();
  private readonly byTag = new Map<string, Set<string>>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number, tags: string[] = []): void {
    if (ttlMs <= 0) return;
    this.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs, tags });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  /** Drops every entry filed under `tag`; returns how many. */
  invalidate(tag: string): number {
    const keys = [...(this.byTag.get(tag) ?? [])];
    for (const key of keys) this.delete(key);
    return keys.length;
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
  }
}
