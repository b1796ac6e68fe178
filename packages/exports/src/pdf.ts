/**
 * PDF (pdfkit): A4 landscape, every fleet starts a new page, every page carries the event's name, what
 * the sheet is with the fleet, and the status and time of the results; a fleet longer than a page goes
 * on to the next with its table head repeated. Columns are sized to their widest cell and the font
 * shrinks (9 pt down to 6 pt) until the table fits the page width; only then is a cell cut with "…".
 *
 * The file is deterministic (its creation date is the time of the results, and pdfkit derives the
 * file id from the document info), so the same results give the same bytes and the same ETag.
 */
import PDFDocument from 'pdfkit';
import { cellText, sectionStatus, statusLine, type ExportColumn, type ExportSection, type ExportTable } from './table.js';
import { toWinAnsi } from './win-ansi.js';

const MARGIN = 36;
const PAD = 4;
const MAX_FONT = 9;
const MIN_FONT = 6;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

type Doc = PDFKit.PDFDocument;

interface Layout {
  columns: readonly ExportColumn[];
  widths: number[];
  fontSize: number;
}

function layoutOf(doc: Doc, columns: readonly ExportColumn[], rows: ExportSection['rows'], available: number): Layout {
  // Text widths scale linearly with the font size: measured once at the largest size (measuring is
  // the renderer's main cost in a CPU profile: pdfkit's glyph widths and kerning pairs), then scaled.
  const textWidths = columns.map((column) => {
    let widest = doc.font(BOLD).fontSize(MAX_FONT).widthOfString(column.label);
    doc.font(FONT).fontSize(MAX_FONT);
    for (const row of rows) widest = Math.max(widest, doc.widthOfString(toWinAnsi(cellText(row[column.key]))));
    return widest;
  });
  const at = (size: number) => textWidths.map((width) => (width * size) / MAX_FONT + 2 * PAD);
  const total = (list: number[]) => list.reduce((sum, width) => sum + width, 0);
  let fontSize = MAX_FONT;
  while (total(at(fontSize)) > available && fontSize > MIN_FONT) fontSize -= 0.5;
  let widths = at(fontSize);
  // Still too wide at the smallest size: every column gives up the same share (cells cut with "…").
  const sum = total(widths);
  if (sum > available) widths = widths.map((width) => (width * available) / sum);
  return { columns, widths, fontSize };
}

/** Cuts a text to a width with "…" (only when the smallest font could not fit the table). */
function fitted(doc: Doc, text: string, width: number): string {
  // The widths were scaled from another size: allow for the rounding of that arithmetic.
  if (doc.widthOfString(text) <= width + 0.01) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function pageHeader(doc: Doc, table: ExportTable, section: ExportSection, continued: boolean): number {
  const width = doc.page.width - 2 * MARGIN;
  let y = MARGIN;
  doc.font(BOLD).fontSize(16).text(toWinAnsi(table.title), MARGIN, y, { width, lineBreak: false });
  y += 22;
  doc.font(BOLD).fontSize(12).text(toWinAnsi(`${table.subject}: ${section.heading}${continued ? ' (continued)' : ''}`), MARGIN, y, { width, lineBreak: false });
  y += 17;
  const { status, asOf } = sectionStatus(table, section);
  const line = statusLine(status, asOf);
  if (line) {
    doc.font(FONT).fontSize(10).text(toWinAnsi(line), MARGIN, y, { width, lineBreak: false });
    y += 15;
  }
  return y + 6;
}

function row(doc: Doc, layout: Layout, cells: string[], y: number, bold: boolean): void {
  doc.font(bold ? BOLD : FONT).fontSize(layout.fontSize);
  let x = MARGIN;
  layout.columns.forEach((column, index) => {
    const width = layout.widths[index]!;
    const text = fitted(doc, cells[index] ?? '', width - 2 * PAD);
    doc.text(text, x + PAD, y, { width: width - 2 * PAD, lineBreak: false, align: column.numeric ? 'right' : 'left' });
    x += width;
  });
}

function drawSection(doc: Doc, table: ExportTable, section: ExportSection): void {
  doc.addPage();
  const available = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const columns = section.columns ?? table.columns;
  const layout = layoutOf(doc, columns, section.rows, available);
  const lineHeight = layout.fontSize * 1.6;
  const head = (y: number) => {
    row(doc, layout, columns.map((column) => column.label), y, true);
    const lineY = y + lineHeight - 3;
    doc.moveTo(MARGIN, lineY).lineTo(MARGIN + layout.widths.reduce((a, b) => a + b, 0), lineY).lineWidth(0.5).stroke();
    return y + lineHeight;
  };
  let y = pageHeader(doc, table, section, false);
  if (section.rows.length === 0) {
    doc.font(FONT).fontSize(10).text('No entries.', MARGIN, y, { lineBreak: false });
    return;
  }
  y = head(y);
  for (const values of section.rows) {
    if (y + lineHeight > bottom) {
      doc.addPage();
      y = head(pageHeader(doc, table, section, true));
    }
    row(doc, layout, columns.map((column) => toWinAnsi(cellText(values[column.key]))), y, false);
    y += lineHeight;
  }
}

export function renderPdf(table: ExportTable): Promise<Buffer> {
  const created = table.asOf ? new Date(table.asOf) : new Date(0);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: toWinAnsi(`${table.title} - ${table.subject}`), Creator: 'Regatta platform', Producer: 'Regatta platform', CreationDate: Number.isNaN(created.getTime()) ? new Date(0) : created },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const sections = table.sections.length > 0 ? table.sections : [{ heading: 'No entries', rows: [] }];
  for (const section of sections) drawSection(doc, table, section);
  doc.end();
  return done;
}
