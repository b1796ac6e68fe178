/**
 * Column plan of a PDF table (pure arithmetic, no pdfkit): the font size, and the blocks of columns a
 * table is printed in, each with its column widths. What a printed results sheet does when a table is
 * wider than the page, in this order:
 *
 * 1. No column is wider than half the table's room, unless the others leave it more (a very long cell
 *    is cut with "…" instead of pushing every other column off the page).
 * 2. The font shrinks from 9 pt to 6 pt (half a point at a time) until the table fits.
 * 3. Still too wide at 6 pt: the widest columns are cut to the same width, never below the room of
 *    about fifteen characters (CUT_FLOOR_EM); narrower columns are never cut.
 * 4. Still too wide (many columns, e.g. hundreds of races): the table is split into blocks of columns
 *    printed one under the other, each repeating the columns that identify a row (fleet, rank, sail,
 *    boat, skipper), at 6 pt, no cell cut beyond step 1.
 *
 * Every column keeps at least the room of about three characters plus its padding (MIN_TEXT_EM): pdfkit's
 * line wrapper never ends on a width below one character.
 */
export const MAX_FONT = 9;
export const MIN_FONT = 6;
/** Padding left and right of a cell, in points. */
export const PAD = 4;
/** A column's text room is at least this many ems (about three characters). */
export const MIN_TEXT_EM = 2;
/** A cut column keeps at least this many ems of text (about fifteen characters). */
export const CUT_FLOOR_EM = 8;
/** A cell is cut to this many characters before it is measured: more never fits a line of an A4 page. */
export const MAX_CELL_CHARS = 300;

export interface ColumnBlock {
  /** Indexes of the table's columns, in print order. */
  columns: number[];
  /** Width of each of those columns, padding included (points). */
  widths: number[];
}

export interface ColumnPlan {
  fontSize: number;
  blocks: ColumnBlock[];
}

const sum = (list: readonly number[]) => list.reduce((total, width) => total + width, 0);
const indexes = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * The columns repeated in every block: the leading columns before the first run of two or more numeric
 * columns (races or events, then the totals); without such a run, the first column.
 */
export function identifyingColumns(numeric: readonly boolean[]): number {
  for (let index = 0; index + 1 < numeric.length; index++) {
    if (numeric[index] && numeric[index + 1]) return index;
  }
  return Math.min(1, numeric.length);
}

/** Widths at a font size: the widest text scaled, at least MIN_TEXT_EM, plus padding, capped (step 1). */
function widthsAt(textWidths: readonly number[], size: number, available: number): number[] {
  const natural = textWidths.map((width) => Math.max((width * size) / MAX_FONT, MIN_TEXT_EM * size) + 2 * PAD);
  const total = sum(natural);
  return natural.map((width) => Math.min(width, Math.max(available / 2, available - (total - width))));
}

/** Step 3: the widest columns cut to one width, not below the floor; null when even that is too wide. */
function cutToFit(widths: readonly number[], floor: number, available: number): number[] | null {
  if (sum(widths.map((width) => Math.min(width, floor))) > available) return null;
  const sorted = [...widths].sort((a, b) => a - b);
  let below = 0;
  let limit = floor;
  for (let index = 0; index < sorted.length; index++) {
    const candidate = (available - below) / (sorted.length - index);
    if (candidate <= sorted[index]!) {
      limit = Math.max(floor, candidate);
      break;
    }
    below += sorted[index]!;
    limit = sorted[index]!;
  }
  return widths.map((width) => Math.min(width, limit));
}

/** Columns in order, a new group whenever the next would make the group wider than the room. */
function packed(columns: readonly number[], widths: readonly number[], room: number): number[][] {
  const groups: number[][] = [];
  let used = Infinity;
  for (const index of columns) {
    if (used + widths[index]! > room) {
      groups.push([]);
      used = 0;
    }
    groups[groups.length - 1]!.push(index);
    used += widths[index]!;
  }
  return groups;
}

/** The columns in `count` groups of about the same width, each within the room; null if they do not fit. */
function balanced(columns: readonly number[], widths: readonly number[], room: number, count: number): number[][] | null {
  const groups: number[][] = [];
  let next = 0;
  for (let left = count; left > 0 && next < columns.length; left--) {
    const target = sum(columns.slice(next).map((index) => widths[index]!)) / left;
    const group: number[] = [];
    let used = 0;
    while (next < columns.length) {
      const width = widths[columns[next]!]!;
      if (group.length > 0 && (used + width > room || (left > 1 && used + width / 2 > target))) break;
      group.push(columns[next++]!);
      used += width;
    }
    groups.push(group);
  }
  return next < columns.length ? null : groups;
}

/**
 * textWidths: the widest text of each column (bold label or cell) at MAX_FONT; numeric: right-aligned
 * columns (used to find the identifying ones); available: the table's room on the page.
 */
export function planColumns(textWidths: readonly number[], numeric: readonly boolean[], available: number): ColumnPlan {
  const all = indexes(textWidths.length);
  for (let size = MAX_FONT; size >= MIN_FONT; size -= 0.5) {
    const widths = widthsAt(textWidths, size, available);
    if (sum(widths) <= available) return { fontSize: size, blocks: [{ columns: all, widths }] };
  }
  const widths = widthsAt(textWidths, MIN_FONT, available);
  const cut = cutToFit(widths, CUT_FLOOR_EM * MIN_FONT + 2 * PAD, available);
  if (cut) return { fontSize: MIN_FONT, blocks: [{ columns: all, widths: cut }] };

  // Step 4: blocks. The identifying columns take at most half the room; every other column at most
  // half too, so each fits the room a block leaves beside them.
  const capped = widths.map((width) => Math.min(width, available / 2));
  const lead: number[] = [];
  let leadWidth = 0;
  for (const index of indexes(identifyingColumns(numeric))) {
    if (leadWidth + capped[index]! > available / 2) break;
    lead.push(index);
    leadWidth += capped[index]!;
  }
  const rest = all.slice(lead.length);
  // As few blocks as the room allows, then their columns spread evenly (no last block of one column).
  const room = available - leadWidth;
  const greedy = packed(rest, capped, room);
  const blocks = (balanced(rest, capped, room, greedy.length) ?? greedy).map((group) => {
    const columns = [...lead, ...group];
    return { columns, widths: columns.map((index) => capped[index]!) };
  });
  return { fontSize: MIN_FONT, blocks };
}
