/**
 * GET standings as export tables (packages/exports), read back from the JSON
 * answer (standings.views.ts) so the CSV and the sheets show exactly what the JSON shows. One section
 * per fleet; a race column per race number the fleet sailed: the CSV has the
 * union of them, each sheet only its fleet's. A dropped score is in brackets, a code follows the points.
 */
import type { ExportColumn, ExportRow, ExportTable } from '@regatta/exports';
import { codeText, combinedStatus } from './results.export.js';

export interface BoatRef {
  id: string;
  name: string;
  sail: string | null;
}

interface StandingEntry {
  position: number;
  boat: BoatRef;
  skipper: string | null;
  fleet: string;
  fleetId: string;
  totalPoints: number;
  netPoints: number;
  racesCompleted: number;
  raceResults: { race: number; raceId: string; points: number; dropped: boolean; code: string | null }[];
}

interface StandingsJson {
  data: {
    event: { slug: string; name: string };
    standings: StandingEntry[];
    fleets: { id: string; name: string; status?: string | null; asOf?: string | null }[];
    asOf?: string | null;
  };
}

export const LEAD: ExportColumn[] = [
  { key: 'fleet', label: 'Fleet' },
  { key: 'position', label: 'Rank', numeric: true },
  { key: 'sail', label: 'Sail number' },
  { key: 'boat', label: 'Boat' },
  { key: 'skipper', label: 'Skipper' },
];

/** "3", "12 DNF", "(12 DNF)" when discarded. */
export function scoreText(points: number, code: string | null, dropped: boolean): string {
  const text = code ? `${points} ${codeText(code)}` : String(points);
  return dropped ? `(${text})` : text;
}

export const lead = (entry: { fleet: string; position: number; boat: BoatRef; skipper: string | null }): Record<string, string | number | null> => ({
  fleet: entry.fleet,
  position: entry.position,
  sail: entry.boat.sail,
  boat: entry.boat.name,
  skipper: entry.skipper,
});

export function byFleet<T extends { fleet: string }>(entries: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const group = groups.get(entry.fleet);
    if (group) group.push(entry);
    else groups.set(entry.fleet, [entry]);
  }
  return groups;
}

const raceColumn = (race: number): ExportColumn => ({ key: `r${race}`, label: `R${race}`, numeric: true });

export function standingsTable(jsonText: string): ExportTable {
  const { data } = JSON.parse(jsonText) as StandingsJson;
  const tail: ExportColumn[] = [
    { key: 'total', label: 'Total', numeric: true },
    { key: 'nett', label: 'Nett', numeric: true },
    { key: 'races', label: 'Races sailed', numeric: true },
  ];
  const raceNumbers = (entries: readonly StandingEntry[]) => [...new Set(entries.flatMap((e) => e.raceResults.map((r) => r.race)))].sort((a, b) => a - b);
  const rowOf = (entry: StandingEntry): ExportRow => ({
    ...lead(entry),
    ...Object.fromEntries(entry.raceResults.map((r) => [`r${r.race}`, scoreText(r.points, r.code, r.dropped)])),
    total: entry.totalPoints,
    nett: entry.netPoints,
    races: entry.racesCompleted,
  });
  const fleets = new Map(data.fleets.map((f) => [f.id, f]));
  const sections = [...byFleet(data.standings).values()].map((entries) => {
    const fleet = fleets.get(entries[0]!.fleetId);
    return {
      heading: entries[0]!.fleet,
      status: fleet?.status ?? null,
      asOf: fleet?.asOf ?? null,
      columns: [...LEAD, ...raceNumbers(entries).map(raceColumn), ...tail],
      rows: entries.map(rowOf),
    };
  });
  return {
    title: data.event.name,
    subject: 'Standings',
    status: combinedStatus(data.fleets.map((f) => ({ status: f.status ?? null }))),
    asOf: data.asOf ?? null,
    columns: [...LEAD, ...raceNumbers(data.standings).map(raceColumn), ...tail],
    sections,
    filename: `${data.event.slug}-standings`,
  };
}
