/** The events of a series a caller may see, and the span of their dates. */
import type { Identity } from '@regatta/http';
import type { EventWithOrgRow } from '../store/rows.js';
import type { SeriesListRow } from '../store/series.js';
import { mayRead } from './access.js';

export interface SeriesWithEvents {
  series: SeriesListRow;
  /** The series' events the caller may see, in series order. */
  events: EventWithOrgRow[];
  span: { start: Date | null; end: Date | null };
}

export function visibleEventsOf(series: SeriesListRow, events: Map<string, EventWithOrgRow>, identity: Identity): EventWithOrgRow[] {
  const rows = series.event_ids.map((id) => events.get(id)).filter((row): row is EventWithOrgRow => row !== undefined);
  return rows.filter((row) => mayRead(identity, row));
}

export function span(rows: EventWithOrgRow[]): { start: Date | null; end: Date | null } {
  if (rows.length === 0) return { start: null, end: null };
  return {
    start: new Date(Math.min(...rows.map((row) => row.start_date.getTime()))),
    end: new Date(Math.max(...rows.map((row) => row.end_date.getTime()))),
  };
}

export function withVisibleEvents(series: SeriesListRow, events: Map<string, EventWithOrgRow>, identity: Identity): SeriesWithEvents {
  const visible = visibleEventsOf(series, events, identity);
  return { series, events: visible, span: span(visible) };
}
