/**
 * GET series standings as export tables (packages/exports), read back from the JSON answer
 * (series-standings.views.ts) as the event standings are (standings.export.ts): one section per fleet,
 * an event column per event the fleet sailed; a dropped score in brackets.
 */
import type { ExportColumn, ExportRow, ExportTable } from '@regatta/exports';
import { byFleet, LEAD, lead, scoreText, type BoatRef } from '../../results/http/standings.export.js';

interface SeriesEntry {
  position: number;
  boat: BoatRef;
  skipper: string | null;
  fleet: string;
  totalPoints: number;
  netPoints: number;
  eventsSailed: number;
  eventResults: { event: string; eventId: string; points: number; place: number | null; dropped: boolean; absent: boolean }[];
}

interface SeriesJson {
  data: { series: { slug: string; name: string }; events: { id: string; name: string }[]; standings: SeriesEntry[] };
}

/** Series standings have no status or time of their own (each event has its own): the sheets show neither. */
export function seriesStandingsTable(jsonText: string): ExportTable {
  const { data } = JSON.parse(jsonText) as SeriesJson;
  const eventColumn = (event: { id: string; name: string }): ExportColumn => ({ key: `e:${event.id}`, label: event.name, numeric: true });
  const tail: ExportColumn[] = [
    { key: 'total', label: 'Total', numeric: true },
    { key: 'nett', label: 'Nett', numeric: true },
    { key: 'events', label: 'Events sailed', numeric: true },
  ];
  const rowOf = (entry: SeriesEntry): ExportRow => ({
    ...lead(entry),
    ...Object.fromEntries(entry.eventResults.map((cell) => [`e:${cell.eventId}`, scoreText(cell.points, cell.absent ? 'absent' : null, cell.dropped)])),
    total: entry.totalPoints,
    nett: entry.netPoints,
    events: entry.eventsSailed,
  });
  const sailed = (entries: readonly SeriesEntry[]) => {
    const ids = new Set(entries.flatMap((e) => e.eventResults.map((cell) => cell.eventId)));
    return data.events.filter((event) => ids.has(event.id));
  };
  return {
    title: data.series.name,
    subject: 'Series standings',
    columns: [...LEAD, ...sailed(data.standings).map(eventColumn), ...tail],
    sections: [...byFleet(data.standings)].map(([fleet, entries]) => ({ heading: fleet, columns: [...LEAD, ...sailed(entries).map(eventColumn), ...tail], rows: entries.map(rowOf) })),
    filename: `${data.series.slug}-series-standings`,
  };
}
