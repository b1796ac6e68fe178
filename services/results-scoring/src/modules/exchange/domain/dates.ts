/**
 * Sailwave race dates are free text typed by the scorer ("07-05-26", "Aug 16", "May 12th", "12/04/2026"),
 * read with the file's `serdatespec` (d-m-y, m-d-y, y-m-d). The year, when a date has none, is the one
 * the event's name or the file's name carries ("2026 ILCA Leinsters"), else the import's year.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A four-digit year (1990–2099) named in any of the texts, in order; null when none. */
export function yearNamedIn(...texts: readonly string[]): number | null {
  for (const t of texts) {
    const m = /(?:^|\D)((?:199|20\d)\d)(?:\D|$)/.exec(t);
    if (m) return Number(m[1]);
  }
  return null;
}

/** UTC midnight of the day; years 0–99 are those years (Date.UTC alone would map them to 1900–1999). */
function utcDate(year: number, month: number, day: number): Date | null {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year, month - 1, day);
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d : null;
}

function fullYear(y: string, fallback: number): number {
  if (y === '') return fallback;
  const n = Number(y);
  return y.length <= 2 ? 2000 + n : n;
}

/** The day a race date names (UTC midnight), or null when the text is not a date. */
export function parseRaceDate(text: string, spec: string, fallbackYear: number): Date | null {
  const t = text.trim().toLowerCase();
  if (t === '') return null;
  const named = /^(?:([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3})[a-z]*\.?)(?:,?\s+(\d{2,4}))?$/.exec(t);
  if (named) {
    const month = MONTHS.indexOf((named[1] ?? named[4])!) + 1;
    if (month === 0) return null;
    return utcDate(fullYear(named[5] ?? '', fallbackYear), month, Number(named[2] ?? named[3]));
  }
  const parts = /^(\d{1,4})[-/.](\d{1,2})(?:[-/.](\d{1,4}))?$/.exec(t);
  if (!parts) return null;
  const [a, b, c = ''] = [parts[1]!, parts[2]!, parts[3]];
  const order = spec.toLowerCase().replace(/[^dmy]/g, '');
  // A two-digit year is 20xx in every order ("26-05-07" with y-m-d is 7 May 2026); four digits are as written.
  if (a.length === 4 || order === 'ymd') return utcDate(fullYear(a, fallbackYear), Number(b), Number(c || 0));
  if (order === 'mdy') return utcDate(fullYear(c, fallbackYear), Number(a), Number(b));
  return utcDate(fullYear(c, fallbackYear), Number(b), Number(a));
}
