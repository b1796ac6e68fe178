/** Response shapes of the standings routes (documented in packages/openapi/spec/results.yaml), as JSON text around the stored views. */
import { combinedScoringSystem, eventRef } from '../domain/public-views.js';
import { etagOf } from '@regatta/http';
import type { EventStandings, StandingsVersion } from '../app/get-standings.js';

export function standingsText({ event, fleets, standings, asOf }: EventStandings): string {
  const items = standings
    .map((array) => array.slice(1, -1))
    .filter((inner) => inner.length > 0)
    .join(',');
  return `{"data":{"event":${JSON.stringify(eventRef(event))},"scoringSystem":${JSON.stringify(combinedScoringSystem(fleets))},"standings":[${items}],"fleets":${JSON.stringify(fleets)},"asOf":${JSON.stringify(asOf)}}}`;
}

/**
 * The tag of a current standings answer, from everything its text is made of: the event reference,
 * which standings are shown (with or without drops) and each fleet view's stored version, in order
 * (a fleet view's version covers its summary, from which the scoring system and asOf are read).
 */
export function standingsTag({ event, includeDrops }: Pick<StandingsVersion, 'event' | 'includeDrops'>, viewVersions: readonly string[]): string {
  return etagOf(`standings\n${JSON.stringify(eventRef(event))}\n${includeDrops}\n${viewVersions.join(',')}`);
}
