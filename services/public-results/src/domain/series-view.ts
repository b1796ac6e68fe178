/** The public series page: its events and the standings results-scoring computed (series.standings.updated). */
export interface SeriesCell {
  eventId: string;
  eventSlug: string;
  points: number;
  place: number | null;
  dropped: boolean;
  absent: boolean;
}

export interface SeriesStandingRow {
  position: number;
  fleet: string;
  boatId: string;
  boatName: string;
  sailNumber: string | null;
  sailorName: string | null;
  totalPoints: number;
  netPoints: number;
  eventsSailed: number;
  cells: SeriesCell[];
}

export interface SeriesView {
  series: { id: string; slug: string; name: string; year: number; scoringRule: string; bestOf: number | null };
  events: Array<{ id: string; slug: string; name: string; startDate: string | null }>;
  standings: SeriesStandingRow[];
  updatedAt: string | null;
}
