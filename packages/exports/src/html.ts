/**
 * The print-ready HTML sheet: one self-contained document (inline CSS, no script, no image, no font or
 * any other request), one <section> per fleet with the event's name, the status and the time of the
 * results, and a page break after each fleet when printed (@page landscape; the table head repeats on
 * every printed page of a long fleet).
 */
import { cellText, sectionStatus, statusLine, type ExportColumn, type ExportTable } from './table.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
:root { color-scheme: light; }
body { font: 11pt/1.35 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; margin: 1.5rem; color: #111; }
header h1 { font-size: 1.4rem; margin: 0; }
header h2 { font-size: 1.1rem; margin: .2rem 0; font-weight: 600; }
header p { margin: 0 0 .6rem; color: #333; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid #ccc; padding: .2rem .4rem; text-align: left; vertical-align: top; }
th { background: #eee; }
td.n, th.n { text-align: right; }
section + section { margin-top: 2rem; }
@page { size: A4 landscape; margin: 12mm; }
@media print {
  body { margin: 0; font-size: 9pt; }
  section { break-after: page; page-break-after: always; }
  section:last-of-type { break-after: auto; page-break-after: auto; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  section + section { margin-top: 0; }
}`;

function tableHtml(columns: readonly ExportColumn[], rows: ExportTable['sections'][number]['rows']): string {
  const cls = (column: ExportColumn) => (column.numeric ? ' class="n"' : '');
  const head = columns.map((column) => `<th scope="col"${cls(column)}>${escapeHtml(column.label)}</th>`).join('');
  const body = rows.map((row) => `<tr>${columns.map((column) => `<td${cls(column)}>${escapeHtml(cellText(row[column.key]))}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

export function renderHtml(table: ExportTable): string {
  const sections = table.sections.length > 0 ? table.sections : [{ heading: 'No entries', rows: [] }];
  const parts = sections.map((section) => {
    const { status, asOf } = sectionStatus(table, section);
    const line = statusLine(status, asOf);
    return [
      '<section class="fleet">',
      '<header>',
      `<h1>${escapeHtml(table.title)}</h1>`,
      `<h2>${escapeHtml(`${table.subject}: ${section.heading}`)}</h2>`,
      line ? `<p class="status">${escapeHtml(line)}</p>` : '',
      '</header>',
      section.rows.length > 0 ? tableHtml(section.columns ?? table.columns, section.rows) : '<p>No entries.</p>',
      '</section>',
    ]
      .filter((part) => part !== '')
      .join('\n');
  });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${table.title} - ${table.subject}`)}</title>
<style>${STYLE}
</style>
</head>
<body>
${parts.join('\n')}
</body>
</html>
`;
}
