/**
 * The entry list as an export table (packages/exports): the same listed entries as the JSON
 * (listedEntryJson), one section per fleet, one row per boat. Payment and crew columns appear only
 * when the caller may see them for the entries listed (organizers; a sailor sees her own).
 */
import type { ExportColumn, ExportRow, ExportTable } from '@regatta/exports';
import type { ListedEntry } from '../app/list-registrations.js';
import { listedEntryJson } from './registrations.views.js';

/** An export is the whole list unless the caller pages it (`limit`/`offset`): at most this many entries. */
export const EXPORT_ENTRY_LIMIT = 5_000;

const PUBLIC_COLUMNS: ExportColumn[] = [
  { key: 'fleet', label: 'Fleet' },
  { key: 'sail', label: 'Sail number' },
  { key: 'boat', label: 'Boat' },
  { key: 'model', label: 'Boat model' },
  { key: 'sailor', label: 'Sailor' },
  { key: 'status', label: 'Status' },
  { key: 'waitlist', label: 'Waitlist position', numeric: true },
  { key: 'registered', label: 'Registered at' },
];

const PRIVATE_COLUMNS: ExportColumn[] = [
  { key: 'crew', label: 'Crew' },
  { key: 'payment', label: 'Payment' },
];

interface EntryJson {
  status: string;
  fleetName: string;
  registrationTime: string | null;
  waitlistPosition: number | null;
  sailor: { name: string | null };
  boat: { name: string; sailNumber: string | null; model: string | null };
  paymentStatus?: string;
  crew?: string[];
}

export function entriesTable(event: { slug: string; name: string }, entries: readonly ListedEntry[]): ExportTable {
  const items = entries.map((entry) => listedEntryJson(entry) as unknown as EntryJson);
  const showPrivate = entries.some((entry) => entry.showPrivate);
  const columns = showPrivate ? [...PUBLIC_COLUMNS, ...PRIVATE_COLUMNS] : PUBLIC_COLUMNS;
  const sections = new Map<string, ExportRow[]>();
  for (const item of items) {
    const row: ExportRow = {
      fleet: item.fleetName,
      sail: item.boat.sailNumber,
      boat: item.boat.name,
      model: item.boat.model,
      sailor: item.sailor.name,
      status: item.status,
      waitlist: item.waitlistPosition,
      registered: item.registrationTime,
      crew: item.crew ? item.crew.join('; ') : null,
      payment: item.paymentStatus ?? null,
    };
    const rows = sections.get(item.fleetName);
    if (rows) rows.push(row);
    else sections.set(item.fleetName, [row]);
  }
  return {
    title: event.name,
    subject: 'Entry list',
    columns,
    sections: [...sections].map(([heading, rows]) => ({ heading, rows })),
    filename: `${event.slug}-entries`,
  };
}
