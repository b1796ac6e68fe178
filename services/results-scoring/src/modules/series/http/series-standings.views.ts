/** Response shape of GET /series/{slug}/standings (documented in packages/openapi/spec/results.yaml), as JSON text around the stored view. */
import { etagOf } from '@regatta/http';
import type { SeriesStandings, SeriesStandingsVersion } from '../app/get-series-standings.js';

export function seriesStandingsText({ series, events, standings }: SeriesStandings): string {
  return `{"data":{"series":${series},"events":${events},"standings":${standings}}}`;
}

/**
 * The tag of a current series standings answer, from everything its text is made of: the stored
 * view's version (its series, events and both standings), which standings are shown (with or without
 * dropped cells) and the fleet wanted (lower case, as the filter compares).
 */
export function seriesStandingsTag({ fleet, includeDrops }: Pick<SeriesStandingsVersion, 'fleet' | 'includeDrops'>, viewVersion: string): string {
  return etagOf(`series-standings\n${fleet ?? ''}\n${includeDrops}\n${viewVersion}`);
}
