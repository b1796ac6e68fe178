/**
 * A sailor's racing history and statistics, from the projected facts.
 *
 * One history entry per regatta, fleet and boat the sailor raced or is entered in:
 * - from the fleet's standings (standings.updated) where the sailor is the boat's user: final position,
 *   net points and fleet size;
 * - from an active registration ("registered") before any standings exist: position, points and fleet
 *   size are null until results arrive;
 * - racesSailed = races of that fleet (not abandoned) in which the boat started, i.e. its result status
 *   is finished, dnf, dsq or raf (dns and dnc are not sailed).
 * Regattas that are cancelled (and have no standings) are left out.
 *
 * Entries are ordered by regatta start date, most recent first (unknown dates last). The `year` filter
 * keeps entries whose regatta started in that UTC year. Stats are computed over every entry that
 * matches the filter (not only the requested page):
 * - events: entries with a final position (regattas raced and scored);
 * - racesSailed: sum of racesSailed;
 * - wins: final position 1; podiums: final position 1 to 3;
 * - bestFinish: lowest final position; averageFinish: mean final position rounded to 2 decimals;
 *   both null when there is no final position.
 */
export const STARTED_RESULT_STATUSES = ['finished', 'dnf', 'dsq', 'raf'] as const;

export interface HistoryEntry {
  event: { id: string; slug: string | null; name: string | null };
  /** Regatta start date (YYYY-MM-DD, UTC); null while the regatta's facts have not arrived. */
  date: string | null;
  fleet: { id: string; name: string | null };
  boat: { id: string; name: string | null; sailNumber: string | null };
  finalPosition: number | null;
  points: number | null;
  fleetSize: number | null;
  racesSailed: number;
}

export interface HistoryRow {
  eventId: string;
  eventSlug: string | null;
  eventName: string | null;
  eventStatus: string | null;
  startDate: Date | null;
  fleetId: string;
  fleetName: string | null;
  boatId: string;
  boatName: string | null;
  sailNumber: string | null;
  finalPosition: number | null;
  netPoints: number | null;
  fleetSize: number | null;
  racesSailed: number;
}

export interface SailorStats {
  events: number;
  racesSailed: number;
  wins: number;
  podiums: number;
  bestFinish: number | null;
  averageFinish: number | null;
}

export function toEntry(row: HistoryRow): HistoryEntry {
  return {
    event: { id: row.eventId, slug: row.eventSlug, name: row.eventName },
    date: row.startDate ? row.startDate.toISOString().slice(0, 10) : null,
    fleet: { id: row.fleetId, name: row.fleetName },
    boat: { id: row.boatId, name: row.boatName, sailNumber: row.sailNumber },
    finalPosition: row.finalPosition,
    points: row.netPoints,
    fleetSize: row.fleetSize,
    racesSailed: row.racesSailed,
  };
}

export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function computeStats(entries: readonly Pick<HistoryEntry, 'finalPosition' | 'racesSailed'>[]): SailorStats {
  const positions = entries.map((entry) => entry.finalPosition).filter((position): position is number => position !== null);
  return {
    events: positions.length,
    racesSailed: entries.reduce((sum, entry) => sum + entry.racesSailed, 0),
    wins: positions.filter((position) => position === 1).length,
    podiums: positions.filter((position) => position <= 3).length,
    bestFinish: positions.length > 0 ? Math.min(...positions) : null,
    averageFinish: positions.length > 0 ? round2(positions.reduce((sum, position) => sum + position, 0) / positions.length) : null,
  };
}

export interface HistoryQuery {
  year?: number | undefined;
  limit: number;
  offset: number;
}

export interface HistoryPage {
  stats: SailorStats;
  history: HistoryEntry[];
  count: number;
}

/** Filters, orders, computes stats over all matches, then takes the page. */
export function buildHistory(rows: readonly HistoryRow[], query: HistoryQuery): HistoryPage {
  const matching = rows
    .filter((row) => row.finalPosition !== null || row.eventStatus !== 'cancelled')
    .filter((row) => query.year === undefined || (row.startDate !== null && row.startDate.getUTCFullYear() === query.year))
    .sort(
      (a, b) =>
        (b.startDate?.getTime() ?? Number.NEGATIVE_INFINITY) - (a.startDate?.getTime() ?? Number.NEGATIVE_INFINITY) ||
        a.eventId.localeCompare(b.eventId) ||
        a.fleetId.localeCompare(b.fleetId) ||
        a.boatId.localeCompare(b.boatId),
    )
    .map(toEntry);
  return {
    stats: computeStats(matching),
    history: matching.slice(query.offset, query.offset + query.limit),
    count: matching.length,
  };
}

/** Races sailed: results whose race was not abandoned and whose status says the boat started. */
export function countRacesSailed(results: readonly { raceStatus: string; status: string }[]): number {
  return results.filter((result) => result.raceStatus !== 'abandoned' && (STARTED_RESULT_STATUSES as readonly string[]).includes(result.status)).length;
}
