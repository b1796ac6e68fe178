/**
 * Revalidation answered at the edge: a GET with If-None-Match whose tag the gateway knows to be the
 * view's current one is answered 304 by the gateway, without the hop to the service.
 *
 * What the gateway knows, and why it is safe:
 * - **Learned from the service's own answers.** A service marks a 200 or 304 of a view that is the
 *   same for every caller the route admits (results and standings of a public regatta) with
 *   `x-edge-view: <view>`, where <view> is the key of the facts that change it (the event id). The
 *   gateway keeps (URL and Accept) -> (ETag, the view, Cache-Control, Vary) and never relays the
 *   marking header. An unmarked answer (a draft regatta, an export, a caller-specific view) is
 *   never learned, so the edge never answers for something only some callers may see; and the
 *   edge answers only callers the route has already admitted (authenticated, limited, scoped), by
 *   key or session (an embed token is bound to one organization, so it always goes to the service).
 * - **Forgotten on change notifications.** Every fact on the topics that change views is keyed by
 *   its event id (docs/messages.md); the gateway's change feed (edge-changes.ts) forgets every
 *   learned answer of that view as the fact arrives. A tag learned from an answer that left the
 *   service before a change but arrived after its notification is refused by a ticket: each
 *   proxied request takes the sequence number of notifications seen so far, and an answer is learned
 *   only when its view was not changed since its request's ticket.
 * - **Read your own writes.** A change made through this gateway (any other method than GET, HEAD or
 *   OPTIONS on a regatta's paths, `/api/v1/events/{slug}...`) forgets every answer learned under that
 *   regatta's paths when it starts and again when it has been answered (so nothing read while it was
 *   under way is kept), and the writer's next revalidation goes to the service. Another replica
 *   learns of the change from its fact.
 * - **Settling.** A service's own projections follow the same facts (results-scoring learns a
 *   regatta's new status from `event.updated`), so for `settleMs` (default 1 s) after a view's change
 *   notification nothing of it is learned: an answer made from a projection not yet caught up (a
 *   regatta just made draft, still marked public) is not kept.
 * - **Bounded staleness.** Learning starts only once the change feed is subscribed, and everything is
 *   forgotten when it stops. A learned tag lives at most `ttlMs` (default 10 s), so a change no
 *   fact announces is seen within that time, as the public pages' max-age allows.
 */
import { ifNoneMatchHits } from '@regatta/http';

export interface EdgeEntry {
  etag: string;
  view: string;
  /** The regatta's path prefix (`/api/v1/events/{slug}`, lower case) the answer lies under, if any. */
  scope: string | undefined;
  cacheControl: string | undefined;
  vary: string | undefined;
  storedAt: number;
}

export interface EdgeRevalidationSettings {
  /** How long a learned tag is trusted without being seen again (ms). */
  ttlMs?: number;
  /** How long after a view's change notification nothing of it is learned (ms). */
  settleMs?: number;
  /** Learned answers kept at most (the oldest forgotten first). */
  maxEntries?: number;
  now?: () => number;
}

/** The learned-answer key: the whole URL (path and query) and what the caller accepts (JSON or an export). */
export function edgeKey(url: string, accept: string | undefined): string {
  return accept ? `${url}\n${accept}` : url;
}

const REGATTA_PATH = /^\/api\/v1\/events\/([^/?#]+)/i;

/** The regatta path prefix a URL lies under (`/api/v1/events/cup-2027` for its results), lower case. */
export function edgeScopeOf(url: string): string | undefined {
  const match = REGATTA_PATH.exec(url);
  return match ? `/api/v1/events/${match[1]!.toLowerCase()}` : undefined;
}

export class EdgeRevalidation {
  private readonly entries = new Map<string, EdgeEntry>();
  /** Learned keys by view and by scope, so a change forgets its own answers without a scan of all. */
  private readonly keysOf = new Map<string, Set<string>>();
  /** Sequence number and time of the last change per view or scope (pruned with `floor`). */
  private readonly changedAt = new Map<string, { sequence: number; at: number }>();
  private sequence = 0;
  /** Tickets below this learn nothing (the feed restarted, or changedAt was pruned). */
  private floor = 0;
  private subscribed = false;
  private readonly ttlMs: number;
  private readonly settleMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(settings: EdgeRevalidationSettings = {}) {
    this.ttlMs = settings.ttlMs ?? 10_000;
    this.settleMs = settings.settleMs ?? 1_000;
    this.maxEntries = settings.maxEntries ?? 10_000;
    this.now = settings.now ?? Date.now;
  }

  /** Whether answers are being learned (the change feed is subscribed). */
  get ready(): boolean {
    return this.subscribed;
  }

  /** The change feed is subscribed: tags learned from now on are forgotten on change. */
  start(): void {
    this.subscribed = true;
  }

  /** The change feed stopped: nothing learned can be trusted any more. */
  stop(): void {
    this.subscribed = false;
    this.entries.clear();
    this.keysOf.clear();
    this.changedAt.clear();
    this.sequence += 1;
    this.floor = this.sequence;
  }

  /** Taken when a request is proxied; presented again to `learn` with its answer. */
  ticket(): number {
    return this.sequence;
  }

  /** The learned answer for `key` when `ifNoneMatch` holds its current tag; else undefined. */
  revalidate(key: string, ifNoneMatch: string | undefined): EdgeEntry | undefined {
    if (!this.subscribed || !ifNoneMatch) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.forget(key);
      return undefined;
    }
    return ifNoneMatchHits(ifNoneMatch, entry.etag) ? entry : undefined;
  }

  /** Keeps a marked answer of a request proxied with `ticket`, unless its view or scope changed since. */
  learn(key: string, ticket: number, answer: Omit<EdgeEntry, 'storedAt'>): boolean {
    if (!this.subscribed || ticket < this.floor) return false;
    const view = this.changedAt.get(`view:${answer.view}`);
    if (view && (view.sequence > ticket || this.now() - view.at < this.settleMs)) return false;
    if (answer.scope !== undefined && this.changedSince(`scope:${answer.scope}`, ticket)) return false;
    this.forget(key);
    this.entries.set(key, { ...answer, storedAt: this.now() });
    this.index(`view:${answer.view}`, key);
    if (answer.scope !== undefined) this.index(`scope:${answer.scope}`, key);
    if (this.entries.size > this.maxEntries) this.forget(this.entries.keys().next().value!);
    return true;
  }

  /** A change notification for `view`: every answer learned of it is forgotten. */
  changed(view: string): void {
    this.mark(`view:${view}`);
  }

  /** A change made through this gateway under a regatta's paths: every answer learned there is forgotten. */
  changedUnder(scope: string): void {
    this.mark(`scope:${scope}`);
  }

  private changedSince(mark: string, ticket: number): boolean {
    const changed = this.changedAt.get(mark);
    return changed !== undefined && changed.sequence > ticket;
  }

  private index(mark: string, key: string): void {
    let keys = this.keysOf.get(mark);
    if (!keys) this.keysOf.set(mark, (keys = new Set()));
    keys.add(key);
  }

  private unindex(mark: string, key: string): void {
    const keys = this.keysOf.get(mark);
    if (keys?.delete(key) && keys.size === 0) this.keysOf.delete(mark);
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.unindex(`view:${entry.view}`, key);
    if (entry.scope !== undefined) this.unindex(`scope:${entry.scope}`, key);
  }

  private mark(mark: string): void {
    this.sequence += 1;
    this.changedAt.set(mark, { sequence: this.sequence, at: this.now() });
    for (const key of [...(this.keysOf.get(mark) ?? [])]) this.forget(key);
    if (this.changedAt.size > this.maxEntries * 4) {
      // Forget the per-view sequence numbers; requests already in flight learn nothing.
      this.changedAt.clear();
      this.floor = this.sequence;
    }
  }

  /** Learned answers held (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }
}
