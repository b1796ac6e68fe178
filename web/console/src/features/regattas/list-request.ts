/**
 * Which of an organization's regattas the list shows (GET /api/v1/organizations/{slug}/events, for
 * members, drafts included): all of them, latest start first (the default); drafts; upcoming, those ending today or later (UTC days, one under way
 * included) that are no longer drafts; past, those that ended before today and are no longer drafts.
 * The API filters one status at a time, so the non-draft tabs leave drafts out of each page here.
 */
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';

export const REGATTA_TABS = ['all', 'drafts', 'upcoming', 'past'] as const;
export type RegattaTab = (typeof REGATTA_TABS)[number];
export const PAGE_SIZE = 100;

export interface RegattaPage {
  data: Schemas['EventSummary'][];
  pagination: Schemas['Pagination'];
}

/** The query of one tab's page. */
export function regattaListQuery(show: RegattaTab, q: string, offset: number) {
  const filter = show === 'all' ? {} : show === 'drafts' ? { status: 'draft' as const } : { when: show };
  return { limit: PAGE_SIZE, offset, ...(q ? { q } : {}), ...filter };
}

/** What a tab shows of a page the API answered. */
export function shownOnTab(show: RegattaTab, events: Schemas['EventSummary'][]): Schemas['EventSummary'][] {
  if (show === 'all') return events;
  return show === 'drafts' ? events.filter((e) => e.status === 'draft') : events.filter((e) => e.status !== 'draft');
}

export async function fetchRegattaPage(org: string, show: RegattaTab, q: string, offset: number): Promise<RegattaPage> {
  const page = await unwrap(api.GET('/api/v1/organizations/{slug}/events', { params: { path: { slug: org }, query: regattaListQuery(show, q, offset) } }));
  return { data: shownOnTab(show, page.data), pagination: page.pagination };
}

/**
 * The tab a ?show= value names; all when absent or unknown, so a club whose regattas are all past
 * or all drafts still sees them on arrival.
 */
export function tabOf(value: string | null): RegattaTab {
  return (REGATTA_TABS as readonly string[]).includes(value ?? '') ? (value as RegattaTab) : 'all';
}

/** The query key of a tab's list. */
export function regattaListKey(org: string, show: RegattaTab, q: string): readonly ['regattas', string, RegattaTab, string] {
  return ['regattas', org, show, q] as const;
}

/** Where the boot script leaves the list's first page (app/early.ts). */
export function earlyListKey(org: string, show: RegattaTab, q: string): string {
  return regattaListKey(org, show, q).join('\n');
}
