/**
 * Which of an organization's regattas the list shows: drafts, upcoming (starting today or later, on
 * the UTC calendar as the API reads a bare date) and past (started before today).
 */
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';

export const REGATTA_TABS = ['drafts', 'upcoming', 'past'] as const;
export type RegattaTab = (typeof REGATTA_TABS)[number];
export const PAGE_SIZE = 50;

export interface RegattaPage {
  data: Schemas['EventSummary'][];
  pagination: Schemas['Pagination'];
}

export async function fetchRegattaPage(org: string, show: RegattaTab, q: string, offset: number): Promise<RegattaPage> {
  const today = new Date().toISOString().slice(0, 10);
  if (show === 'drafts') return { data: [], pagination: { limit: PAGE_SIZE, offset, hasMore: false } };
  const query = { org, limit: PAGE_SIZE, offset, ...(q ? { q } : {}), ...(show === 'upcoming' ? { after: today } : { before: today }) };
  return unwrap(api.GET('/api/v1/events', { params: { query } }));
}
