/**
 * The byte and record layer of a Sailwave `.blw` file: encoding detection and
 * a strict reader for its fixed record format, one record a line:
 *
 *   "key","value","competitor handle","race handle"
 *
 * Four double-quoted fields, `""` for a quote inside a field. A quoted value
 * may span lines (Sailwave writes RTF notes that way), so line numbers are
 * tracked per record. No CSV library is installed in the workspace and the
 * format is fixed, so a small reader that refuses anything else gives better
 * error messages than a general CSV parser (which accepts almost any text).
 */

export type SailwaveEncoding = 'utf-8' | 'windows-1252';

export interface BlwRecord {
  readonly key: string;
  readonly value: string;
  readonly comp: string;
  readonly race: string;
  /** 1-based line the record starts on. */
  readonly line: number;
}

export interface BlwError {
  /** 1-based line, or null for a whole-file problem (size, encoding). */
  readonly line: number | null;
  readonly message: string;
}

/** Real Sailwave files are well under 1 MB (the largest oracle file is 140 kB). */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
/** How many errors are collected before the reader gives up on a file. */
export const MAX_ERRORS = 20;

const KEY = /^[a-z][a-z0-9]*$/;

/**
 * Decode the bytes: a UTF-8 BOM or valid UTF-8 is read as UTF-8, anything
 * else as Windows-1252 (Sailwave writes the Windows code page; every byte is
 * defined there, so only binary data is refused: NUL bytes, as in UTF-16).
 */
export function decodeBlw(bytes: Uint8Array): { text: string; encoding: SailwaveEncoding } | BlwError {
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    return {
      line: lineAt(bytes, nul),
      message: utf16
        ? 'the file is UTF-16 encoded; Sailwave files are Windows-1252 or UTF-8 text'
        : `binary data: NUL byte at byte offset ${nul}; a Sailwave file is text`,
    };
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252' };
  }
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/**
 * Read every record. Blank lines are skipped. Errors name the line and what
 * was expected; reading stops after MAX_ERRORS.
 */
export function readRecords(text: string): { records: BlwRecord[]; errors: BlwError[] } {
  const records: BlwRecord[] = [];
  const errors: BlwError[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;
  while (i < n && errors.length < MAX_ERRORS) {
    // Skip line ends and blank lines.
    const c = text.charCodeAt(i);
    if (c === 0x0d || c === 0x0a) {
      if (c === 0x0a) line++;
      i++;
      continue;
    }
    const startLine = line;
    const fields: string[] = [];
    let bad: string | null = null;
    for (;;) {
      if (text[i] !== '"') {
        bad = fields.length === 0 ? `expected a record "key","value","competitor","race", found ${preview(text, i)}` : `field ${fields.length + 1}: expected an opening quote, found ${preview(text, i)}`;
        break;
      }
      i++;
      let value = '';
      let closed = false;
      while (i < n) {
        const ch = text[i]!;
        if (ch === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          closed = true;
          break;
        }
        if (ch === '\n') line++;
        value += ch;
        i++;
      }
      if (!closed) {
        bad = `field ${fields.length + 1} is not closed: the file ends inside a quoted value (truncated?)`;
        break;
      }
      fields.push(value);
      if (text[i] === ',') {
        i++;
        if (fields.length === 4) {
          bad = 'more than 4 fields';
          break;
        }
        continue;
      }
      if (i >= n || text[i] === '\r' || text[i] === '\n') break;
      bad = `field ${fields.length}: expected a comma or the end of the line after the closing quote, found ${preview(text, i)}`;
      break;
    }
    if (bad === null && fields.length !== 4) {
      bad = `expected 4 fields, found ${fields.length}${i >= n ? ' (the file ends mid-record: truncated?)' : ''}`;
    }
    if (bad === null && !KEY.test(fields[0]!)) bad = `field 1: "${fields[0]!.slice(0, 40)}" is not a Sailwave key (lower-case letters and digits)`;
    if (bad !== null) {
      errors.push({ line: startLine, message: bad });
      // Resynchronise at the next line.
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    records.push({ key: fields[0]!, value: fields[1]!, comp: fields[2]!, race: fields[3]!, line: startLine });
  }
  return { records, errors };
}

function preview(text: string, i: number): string {
  if (i >= text.length) return 'the end of the file';
  const s = text.slice(i, i + 24).split(/\r?\n/)[0]!;
  return s.length === 0 ? 'the end of the line' : JSON.stringify(s);
}
