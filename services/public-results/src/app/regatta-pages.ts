/** Queries behind the public pages: each answers a view, or undefined when nothing public matches. */
import type { Queryable } from '@regatta/db';
import { entriesView, regattaView, resultsView, splitByDate, standingsView } from '../domain/public-views.js';
import type { SeriesStandingRow, SeriesView } from '../domain/series-view.js';
import { isPublicStatus } from '../domain/visibility.js';
import type { EventHeads } from './event-heads.js';
import type { EventHead } from '../domain/model.js';
import { eventParts, listPublicEvents, organizationBySlug, publicEventsByIds, seriesBySlug } from '../store/pages.js';

export type RegattaTab = 'overview' | 'entries' | 'results' | 'standings';

/**
 * A tab of a public regatta: the tag its cached page is dropped by (the regatta, or 'none' for a draft
 * or unknown slug), and how to load its view (undefined = 404). The head is read first, so the route can
 * look in the page cache before any page query.
 */
export async function publicRegattaTab(
  deps: { pool: Queryable; heads: EventHeads },
  slug: string,
  tab: RegattaTab,
): Promise<{ tag: string; load: () => Promise<RegattaTabView | undefined> }> {
  const found = await deps.heads.get(slug);
  const head = found && isPublicStatus(found.status) ? found : undefined;
  return { tag: head ? `e:${head.id}` : 'none', load: async () => (head ? await regattaTab(deps.pool, head, tab) : undefined) };
}

export type RegattaTabView = NonNullable<Awaited<ReturnType<typeof regattaTab>>>;

export async function regattaTab(db: Queryable, head: EventHead, tab: RegattaTab) {
  const parts = await eventParts(db, head.id, { noticeBoard: tab === 'overview' });
  if (!parts) return undefined;
  switch (tab) {
    case 'overview':
      return { tab, view: regattaView(parts) } as const;
    case 'entries':
      return { tab, view: entriesView(parts) } as const;
    case 'results':
      return { tab, view: resultsView(parts) } as const;
    case 'standings':
      return { tab, view: standingsView(parts) } as const;
  }
}

export async function regattaList(db: Queryable, q: string | null, now: Date) {
  const events = await listPublicEvents(db, { q: q ?? undefined, limit: 200 });
  return { q, ...splitByDate(events, now) };
}

export async function clubView(db: Queryable, slug: string, now: Date) {
  const organization = await organizationBySlug(db, slug);
  if (!organization) return undefined;
  const events = await listPublicEvents(db, { organizationId: organization.id, limit: 200 });
  return { organization, ...splitByDate(events, now) };
}

export async function seriesView(db: Queryable, slug: string): Promise<SeriesView | undefined> {
  const series = await seriesBySlug(db, slug);
  if (!series) return undefined;
  const events = await publicEventsByIds(db, series.data.eventIds);
  // A series none of whose regattas is public is not public either.
  if (events.length === 0) return undefined;
  const standings = Array.isArray(series.standings) ? (series.standings as SeriesStandingRow[]) : [];
  return {
    series: { id: series.data.id, slug: series.data.slug, name: series.data.name, year: series.data.year, scoringRule: series.data.scoringRule, bestOf: series.data.bestOf },
    events: events.map((e) => ({ id: e.id, slug: e.slug, name: e.name, startDate: e.startDate })),
    standings,
    updatedAt: series.standings ? series.updatedAt.toISOString() : null,
  };
}
