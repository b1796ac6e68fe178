/**
 * PDF (pdfkit): A4 landscape, every fleet starts a new page, every page carries the event's name, what
 * the sheet is with the fleet, and the status and time of the results; a fleet longer than a page goes
 * on to the next with its table head repeated. Columns are sized to their widest cell and the font
 * shrinks (9 pt down to 6 pt) until the table fits the page width; only then are the widest cells cut
 * with "…" (never below about fifteen characters), and a table that still does not fit is printed in
 * blocks of columns repeating the columns that identify a row (pdf-layout.ts).
 *
 * The file is deterministic (its creation date is the time of the results, and pdfkit derives the
 * file id from the document info), so the same results give the same bytes and the same ETag.
 */
import PDFDocument from 'pdfkit';
import { cellText, sectionStatus, statusLine, type ExportColumn, type ExportSection, type ExportTable } from './table.js';
import { MAX_CELL_CHARS, MAX_FONT, MIN_TEXT_EM, PAD, planColumns, type ColumnBlock, type ColumnPlan } from './pdf-layout.js';
import { toWinAnsi } from './win-ansi.js';

const MARGIN = 36;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** Tolerance of the widths scaled from MAX_FONT to the font size in use. */
const ROUNDING = 0.01;

type Doc = PDFKit.PDFDocument;

interface Layout {
  columns: readonly ExportColumn[];
  plan: ColumnPlan;
  /** Text of the head and of every row, by column index (WinAnsi, at most MAX_CELL_CHARS + "…"). */
  head: string[];
  body: string[][];
}

/** A cell's text as the PDF prints it: WinAnsi, one line, cut after MAX_CELL_CHARS characters. */
function printable(text: string): string {
  return text.length > MAX_CELL_CHARS ? `${toWinAnsi(text.slice(0, MAX_CELL_CHARS))}…` : toWinAnsi(text);
}

function layoutOf(doc: Doc, columns: readonly ExportColumn[], rows: ExportSection['rows'], available: number): Layout {
  const head = columns.map((column) => printable(column.label));
  const body = rows.map((values) => columns.map((column) => printable(cellText(values[column.key]))));
  // Text widths scale linearly with the font size: measured once at the largest size (measuring is
  // the renderer's main cost in a CPU profile: pdfkit's glyph widths and kerning pairs), then scaled.
  const textWidths = head.map((label) => doc.font(BOLD).fontSize(MAX_FONT).widthOfString(label));
  doc.font(FONT).fontSize(MAX_FONT);
  for (const cells of body) cells.forEach((text, index) => (textWidths[index] = Math.max(textWidths[index]!, doc.widthOfString(text))));
  const plan = planColumns(textWidths, columns.map((column) => column.numeric === true), available);
  return { columns, plan, head, body };
}

/** A text cut to a width with "…" (binary search on its length), and the width it takes. */
function fitted(doc: Doc, text: string, width: number): { text: string; width: number } {
  const full = doc.widthOfString(text);
  if (full <= width + ROUNDING) return { text, width: full };
  const cutAt = (length: number) => `${text.slice(0, length).trimEnd()}…`;
  let low = 0;
  let high = text.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (doc.widthOfString(cutAt(middle)) <= width) low = middle;
    else high = middle - 1;
  }
  const cut = cutAt(low);
  const cutWidth = doc.widthOfString(cut);
  return cutWidth <= width + ROUNDING ? { text: cut, width: cutWidth } : { text: '', width: 0 };
}

/** One line of the page header, cut to the page width. */
function headerLine(doc: Doc, text: string, y: number, width: number): void {
  const line = fitted(doc, printable(text), width);
  // No width: pdfkit's line wrapper never runs (the text is already cut to fit).
  doc.text(line.text, MARGIN, y, { lineBreak: false });
}

function pageHeader(doc: Doc, table: ExportTable, section: ExportSection, continued: boolean): number {
  const width = doc.page.width - 2 * MARGIN;
  let y = MARGIN;
  headerLine(doc.font(BOLD).fontSize(16), table.title, y, width);
  y += 22;
  headerLine(doc.font(BOLD).fontSize(12), `${table.subject}: ${section.heading}${continued ? ' (continued)' : ''}`, y, width);
  y += 17;
  const { status, asOf } = sectionStatus(table, section);
  const line = statusLine(status, asOf);
  if (line) {
    headerLine(doc.font(FONT).fontSize(10), line, y, width);
    y += 15;
  }
  return y + 6;
}

function row(doc: Doc, layout: Layout, block: ColumnBlock, cells: readonly string[], y: number, bold: boolean): void {
  const { fontSize } = layout.plan;
  doc.font(bold ? BOLD : FONT).fontSize(fontSize);
  let x = MARGIN;
  block.columns.forEach((column, index) => {
    const width = block.widths[index]!;
    // The plan never makes a column narrower than this; pdfkit's line wrapper must never see less.
    const room = Math.max(width - 2 * PAD, MIN_TEXT_EM * fontSize);
    const text = fitted(doc, cells[column] ?? '', room);
    // Placed by hand and given no width, so pdfkit's line wrapper never runs: with a width it could
    // still break a text measured to fit (rounding) onto a second line over the next row.
    const left = layout.columns[column]!.numeric ? x + PAD + Math.max(room - text.width, 0) : x + PAD;
    doc.text(text.text, left, y, { lineBreak: false });
    x += width;
  });
}

function drawSection(doc: Doc, table: ExportTable, section: ExportSection): void {
  doc.addPage();
  const available = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const columns = section.columns ?? table.columns;
  let y = pageHeader(doc, table, section, false);
  if (section.rows.length === 0) {
    doc.font(FONT).fontSize(10).text('No entries.', MARGIN, y, { lineBreak: false });
    return;
  }
  const layout = layoutOf(doc, columns, section.rows, available);
  const lineHeight = layout.plan.fontSize * 1.6;
  const newPage = () => {
    doc.addPage();
    return pageHeader(doc, table, section, true);
  };
  const head = (block: ColumnBlock, top: number) => {
    row(doc, layout, block, layout.head, top, true);
    const lineY = top + lineHeight - 3;
    doc.moveTo(MARGIN, lineY).lineTo(MARGIN + block.widths.reduce((a, b) => a + b, 0), lineY).lineWidth(0.5).stroke();
    return top + lineHeight;
  };
  // A table too wide for the page is printed in blocks of columns, one under the other (pdf-layout.ts).
  layout.plan.blocks.forEach((block, index) => {
    if (index > 0) y += lineHeight;
    if (y + 2 * lineHeight > bottom) y = newPage();
    y = head(block, y);
    for (const cells of layout.body) {
      if (y + lineHeight > bottom) y = head(block, newPage());
      row(doc, layout, block, cells, y, false);
      y += lineHeight;
    }
  });
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
