/** Response shapes of the standings routes (documented in packages/openapi/spec/results.yaml), as JSON text around the stored views. */
import { combinedScoringSystem, eventRef } from '../domain/public-views.js';
import type { EventStandings } from '../app/get-standings.js';

export function standingsText({ event, fleets, standings, asOf }: EventStandings): string {
  const items = standings
    .map((array) => array.slice(1, -1))
    .filter((inner) => inner.length > 0)
    .join(',');
  return `{"data":{"event":${JSON.stringify(eventRef(event))},"scoringSystem":${JSON.stringify(combinedScoringSystem(fleets))},"standings":[${items}],"fleets":${JSON.stringify(fleets)},"asOf":${JSON.stringify(asOf)}}}`;
}
