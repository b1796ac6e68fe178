/** Response shape of the overall result (documented in packages/openapi/spec/overall.yaml). */
import { eventRef } from '../../results/domain/public-views.js';
import type { Overall } from '../app/overall-result.js';

export function overallView({ event, definition, fleets, result }: Overall) {
  return {
    data: {
      event: eventRef(event),
      name: definition.name,
      method: definition.method,
      handicapSystem: result.handicapSystem,
      pointsFormula: definition.method === 'points' ? definition.pointsFormula : null,
      dropRaces: definition.dropRaces,
      fleets: fleets.map((f) => ({ id: f.id, name: f.name })),
      racesCompleted: result.racesCompleted,
      discardCount: result.discardCount,
      standings: result.standings.map((s) => ({
        position: s.position,
        boat: { id: s.boatId, name: s.boatName, sail: s.sailNumber },
        skipper: s.sailorName,
        fleet: s.fleetName,
        fleetId: s.fleetId,
        totalPoints: s.totalPoints,
        netPoints: s.netPoints,
        raceResults: s.raceResults.map((c) => ({
          race: c.race,
          points: c.points,
          dropped: c.dropped,
          code: c.code,
          correctedSeconds: c.correctedSeconds,
          rating: c.rating ?? null,
        })),
      })),
      rejected: result.rejected,
    },
  };
}
