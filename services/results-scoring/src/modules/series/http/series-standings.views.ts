/** Response shape of GET /series/{slug}/standings (documented in packages/openapi/spec/results.yaml), as JSON text around the stored view. */
import type { SeriesStandings } from '../app/get-series-standings.js';

export function seriesStandingsText({ series, events, standings }: SeriesStandings): string {
  return `{"data":{"series":${series},"events":${events},"standings":${standings}}}`;
}
