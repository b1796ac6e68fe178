/**
 * GET results as an export table (packages/exports): the JSON answer (results.views.ts) read back and
 * laid out one fleet per section, one row per boat and race, so the CSV and the sheets show exactly
 * what the JSON shows (same filters, same asOf, same authorization: the same use case made it).
 */
import type { ExportColumn, ExportRow, ExportSection, ExportTable } from '@regatta/exports';

interface ResultItem {
  position: number | null;
  boat: { id: string; name: string; sail: string | null };
  skipper: string | null;
  finishTime: string | null;
  elapsedTime: string | null;
  correctedTime: string | null;
  points: number | null;
  status: string;
  code: string | null;
}

interface RaceItem {
  race: { id: string; name: string; number: number; fleet: { id: string; name: string } };
  results: ResultItem[];
}

interface FleetStatus {
  id: string;
  name: string;
  status: string | null;
  asOf: string | null;
}

interface ResultsJson {
  data: { event: { slug: string; name: string }; races: (RaceItem | null)[]; asOf?: string | null; fleets?: FleetStatus[] };
}

const COLUMNS: ExportColumn[] = [
  { key: 'fleet', label: 'Fleet' },
  { key: 'race', label: 'Race', numeric: true },
  { key: 'raceName', label: 'Race name' },
  { key: 'position', label: 'Place', numeric: true },
  { key: 'sail', label: 'Sail number' },
  { key: 'boat', label: 'Boat' },
  { key: 'skipper', label: 'Skipper' },
  { key: 'finishTime', label: 'Finish time' },
  { key: 'elapsed', label: 'Elapsed' },
  { key: 'corrected', label: 'Corrected' },
  { key: 'code', label: 'Code' },
  { key: 'points', label: 'Points', numeric: true },
];

/** provisional when any fleet shown is, official when all are, null before any results. */
export function combinedStatus(fleets: readonly { status: string | null }[]): string | null {
  if (fleets.some((f) => f.status === 'provisional')) return 'provisional';
  return fleets.length > 0 && fleets.every((f) => f.status === 'official') ? 'official' : null;
}

export const codeText = (code: string | null): string | null => (code ? code.toUpperCase() : null);

export function resultsTable(jsonText: string): ExportTable {
  const { data } = JSON.parse(jsonText) as ResultsJson;
  const fleets = data.fleets ?? [];
  const sections = new Map<string, { heading: string; rows: ExportRow[] }>();
  for (const item of data.races) {
    if (!item) continue;
    const { race } = item;
    let section = sections.get(race.fleet.id);
    if (!section) sections.set(race.fleet.id, (section = { heading: race.fleet.name, rows: [] }));
    for (const result of item.results) {
      section.rows.push({
        fleet: race.fleet.name,
        race: race.number,
        raceName: race.name,
        position: result.position,
        sail: result.boat.sail,
        boat: result.boat.name,
        skipper: result.skipper,
        finishTime: result.finishTime,
        elapsed: result.elapsedTime,
        corrected: result.correctedTime,
        code: codeText(result.code),
        points: result.points,
      });
    }
  }
  const status = new Map(fleets.map((f) => [f.id, f]));
  const list: ExportSection[] = [...sections].map(([fleetId, section]) => ({ ...section, status: status.get(fleetId)?.status ?? null, asOf: status.get(fleetId)?.asOf ?? null }));
  return {
    title: data.event.name,
    subject: 'Results',
    status: combinedStatus(fleets),
    asOf: data.asOf ?? null,
    columns: COLUMNS,
    sections: list,
    filename: `${data.event.slug}-results`,
  };
}
