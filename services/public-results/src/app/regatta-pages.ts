/** Queries behind the public pages: each answers a view, or undefined when nothing public matches. */
import type { Queryable } from '@regatta/db';
import { entriesView, regattaView, resultsView, splitByDate, standingsView } from '../domain/public-views.js';
import type { SeriesStandingRow, SeriesView } from '../domain/series-view.js';
import { isPublicStatus } from '../domain/visibility.js';
import type { EventHeads } from './event-heads.js';
import { eventParts, listPublicEvents, organizationBySlug, publicEventsByIds, seriesBySlug, type EventHead } from '../store/queries.js';

export type RegattaTab = 'overview' | 'entries' | 'results' | 'standings';

/** The regatta's head when the public may see it (a draft or unknown slug is undefined). */
export async function publicEventHead(heads: EventHeads, slug: string): Promise<EventHead | undefined> {
  const head = await heads.get(slug);
  return head && isPublicStatus(head.status) ? head : undefined;
}

export async function regattaTab(db: Queryable, head: EventHead, tab: RegattaTab) {
  const parts = await eventParts(db, head.id);
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
