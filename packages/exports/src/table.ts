/**
 * The table model every export renders: a service maps its own JSON view to this (columns, one
 * section per fleet, rows keyed by column), and the renderers (csv.ts, html.ts, pdf.ts) know nothing
 * of regattas. Pure data, no I/O.
 */

/** A cell: text or a number; null is an empty cell. */
export type ExportCell = string | number | null;

export interface ExportColumn {
  /** Key of the cell in each row. */
  key: string;
  /** Header text (the CSV header row, the table head of the sheets). */
  label: string;
  /** Right-aligned in the HTML and PDF sheets (points, ranks). */
  numeric?: boolean;
}

export type ExportRow = Readonly<Record<string, ExportCell>>;

/** One fleet: one page of the PDF, one page-break section of the HTML sheet. */
export interface ExportSection {
  heading: string;
  /** provisional | official | null (no results yet); undefined: the table's. */
  status?: string | null;
  /** Time of the results shown (ISO); undefined: the table's. */
  asOf?: string | null;
  /** The columns this section shows in the sheets (e.g. only its own races); default the table's. */
  columns?: readonly ExportColumn[];
  rows: readonly ExportRow[];
}

export interface ExportTable {
  /** The event's (or series') name, on every page. */
  title: string;
  /** What the sheet is: "Results", "Standings", "Entry list", "Series standings". */
  subject: string;
  /** Status of the results shown; undefined when the subject has none (an entry list). */
  status?: string | null;
  /** Time of the results shown (ISO); undefined when the subject has none. */
  asOf?: string | null;
  /** The CSV's columns (one header row for every section) and the sheets' default. */
  columns: readonly ExportColumn[];
  sections: readonly ExportSection[];
  /** File name without extension (Content-Disposition), e.g. "kiel-week-standings". */
  filename: string;
}

/** A section's status and time, falling back to the table's. */
export function sectionStatus(table: ExportTable, section: ExportSection): { status: string | null | undefined; asOf: string | null | undefined } {
  return {
    status: section.status !== undefined ? section.status : table.status,
    asOf: section.asOf !== undefined ? section.asOf : table.asOf,
  };
}

/** The line under the heading of every page: "Status: provisional · Results as of 2025-06-01 14:05 UTC". */
export function statusLine(status: string | null | undefined, asOf: string | null | undefined): string | null {
  const parts: string[] = [];
  if (status !== undefined) parts.push(`Status: ${status ?? 'no results yet'}`);
  if (asOf !== undefined) parts.push(`Results as of ${asOf ? readableTime(asOf) : '-'}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** ISO time as "2025-06-01 14:05:09 UTC" (the sheets are read by people; UTC keeps it unambiguous). */
export function readableTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function cellText(cell: ExportCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'number' ? String(cell) : cell;
}
