/**
 * CSV: one header row, then one row per boat of every section (the fleet is a column, so the file is
 * one flat table a spreadsheet can sort and filter). RFC 4180: csv-stringify quotes a field holding a
 * comma, a quote or a line break and doubles its quotes; lines end in CRLF.
 *
 * UTF-8 WITH a byte order mark: Excel, the program most clubs open a CSV with, reads a BOM-less file
 * in the machine's ANSI code page and turns "Ødegård" into "Ã˜degÃ¥rd"; with the BOM it reads
 * UTF-8. RFC 4180 parsers and the WHATWG decoders (LibreOffice, pandas with encoding='utf-8-sig',
 * csv-parse with bom: true, TextDecoder) drop it.
 *
 * Text typed by users (boat and sailor names) that starts with = + - @ would be run as a formula by
 * a spreadsheet (OWASP "CSV injection"): such a text cell gets a leading apostrophe, which the
 * spreadsheets show as plain text. Numbers are written as they are.
 */
import { stringify } from 'csv-stringify/sync';
import { cellText, type ExportCell, type ExportTable } from './table.js';

export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(cell: ExportCell | undefined): string {
  const text = cellText(cell);
  return typeof cell === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
}

export function renderCsv(table: ExportTable): string {
  const header = table.columns.map((column) => csvCell(column.label));
  const rows = table.sections.flatMap((section) => section.rows.map((row) => table.columns.map((column) => csvCell(row[column.key]))));
  return CSV_BOM + stringify([header, ...rows], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
