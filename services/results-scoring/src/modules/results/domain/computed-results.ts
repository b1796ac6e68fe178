import type { FleetScore } from '../../shared/domain/fleet-scoring.js';
import type { ResultRow } from '../../shared/domain/records.js';

/**
 * The fleet's results with the numbers just computed (what the store's applyComputed writes), each
 * race's rows in the order the store reads them: position, then points (nulls last), then submission
 * order. Lets the read views be rendered from what is in hand, without reading the rows back.
 */
export function resultsWithComputed(entries: Map<string, ResultRow[]>, computed: FleetScore['results']): Map<string, ResultRow[]> {
  const nullsLast = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b);
  const out = new Map<string, ResultRow[]>();
  for (const [raceId, rows] of entries) {
    const byBoat = computed.get(raceId);
    const merged = rows.map((row) => {
      const numbers = byBoat?.get(row.boatId);
      return numbers
        ? { ...row, position: numbers.position, elapsedSeconds: numbers.elapsedSeconds, correctedSeconds: numbers.correctedSeconds, points: numbers.points, rating: numbers.rating }
        : row;
    });
    merged.sort((a, b) => nullsLast(a.position, b.position) || nullsLast(a.points, b.points) || a.seq - b.seq);
    out.set(raceId, merged);
  }
  return out;
}
