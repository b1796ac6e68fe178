/**
 * Parse a Sailwave `.blw` file (bytes or text) into the typed model, or a
 * list of errors with their line numbers. Pure: no I/O.
 *
 * Records are placed by key prefix and handle columns: `ser*` series,
 * `scrcode` a scoring code (its system handle is inside the value), `scr*` a
 * scoring system (handle in the competitor column), `comp*` a competitor,
 * `race*` a race (race column), a record with both handles a result cell.
 *
 * Guards, cheapest first: size limit; the first record must be a Sailwave
 * record (so 50 MB of junk is refused after reading a few bytes, before any
 * decoding of the whole); at least one `ser*` record; numbers where numbers
 * are stored; results that name a known competitor and race.
 */
import type {
  SailwaveCode,
  SailwaveCompetitor,
  SailwaveFile,
  SailwaveRace,
  SailwaveResult,
  SailwaveScoringSystem,
  SailwaveStart,
} from './model.js';
import { DEFAULT_MAX_BYTES, MAX_ERRORS, decodeBlw, readRecords, type BlwError, type BlwRecord } from './reader.js';

export type { BlwError as SailwaveParseError } from './reader.js';

export type ParseOutcome = { readonly ok: true; readonly file: SailwaveFile } | { readonly ok: false; readonly errors: readonly BlwError[] };

export interface ParseOptions {
  readonly maxBytes?: number;
}

/** Bytes inspected by the header check. */
const HEAD_BYTES = 4096;
const HEAD_RECORD = /^"[a-z][a-z0-9]*","/;
/** What a head cut short may still become: `"`, `"ser`, `"serversion"`, `"serversion",`. */
const HEAD_RECORD_PREFIX = /^(?:"[a-z0-9]*|"[a-z][a-z0-9]*"|"[a-z][a-z0-9]*",)$/;

export function parseSailwave(input: Uint8Array | string, options: ParseOptions = {}): ParseOutcome {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const bytes = typeof input === 'string' ? null : input;
  const size = bytes !== null ? bytes.length : input.length;
  if (size === 0) return fail(null, 'the file is empty');
  if (size > maxBytes) return fail(null, `the file is ${size} bytes; the limit is ${maxBytes} bytes (Sailwave files are rarely over 1 MB)`);

  // Header check on the first bytes only: the first non-blank line must be a record.
  const head: string = bytes !== null ? new TextDecoder('latin1').decode(bytes.subarray(0, HEAD_BYTES)) : (input as string).slice(0, HEAD_BYTES);
  const headError = checkHead(head, size <= HEAD_BYTES);
  if (headError !== null) return { ok: false, errors: [headError] };

  let text: string;
  let encoding: SailwaveFile['encoding'];
  if (bytes === null) {
    text = input as string;
    encoding = 'utf-8';
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  } else {
    const decoded = decodeBlw(bytes);
    if ('message' in decoded) return { ok: false, errors: [decoded] };
    text = decoded.text;
    encoding = decoded.encoding;
  }
  const { records, errors } = readRecords(text);
  if (errors.length > 0) return { ok: false, errors };
  return build(records, encoding);
}

/**
 * The cheap first look: is the first non-blank line of `head` (the first HEAD_BYTES of the file,
 * decoded as latin1) a Sailwave record? `complete` says the head is the whole file. A streaming
 * reader calls this once it holds HEAD_BYTES (or the whole file) and stops reading on an error.
 */
export function checkHead(head: string, complete: boolean): BlwError | null {
  const headText = head.replace(/^\uFEFF|^\xEF\xBB\xBF/, '');
  const firstLineIndex = headText.search(/[^\r\n]/);
  if (firstLineIndex < 0) return complete ? { line: null, message: 'the file holds only blank lines' } : null;
  const firstLine = headText.slice(firstLineIndex).split(/\r?\n/)[0] ?? '';
  if (headText.includes('\u0000') || HEAD_RECORD.test(firstLine)) return null;
  // A first line cut by the end of the head is judged on what arrived, unless it is still a prefix.
  if (!complete && firstLineIndex + firstLine.length >= headText.length && HEAD_RECORD_PREFIX.test(firstLine)) return null;
  const line = headText.slice(0, firstLineIndex).split('\n').length;
  return { line, message: `not a Sailwave file: the first record should look like "serversion","2.38.02","","" but is ${JSON.stringify(firstLine.slice(0, 40))}` };
}

/** Bytes the head check needs before it can judge a file. */
export const SAILWAVE_HEAD_BYTES = HEAD_BYTES;

function fail(line: number | null, message: string): ParseOutcome {
  return { ok: false, errors: [{ line, message }] };
}

class Collector {
  readonly errors: BlwError[] = [];
  add(line: number | null, message: string): void {
    if (this.errors.length < MAX_ERRORS) this.errors.push({ line, message });
  }
}

function build(records: readonly BlwRecord[], encoding: SailwaveFile['encoding']): ParseOutcome {
  const errs = new Collector();
  const series: Record<string, string> = {};
  const systemRaw = new Map<string, { fields: Record<string, string>; line: number }>();
  const codeRows: SailwaveCode[] = [];
  const compRaw = new Map<string, { fields: Record<string, string>; line: number }>();
  const raceRaw = new Map<string, { fields: Record<string, string>; starts: string[]; line: number }>();
  const resultRaw = new Map<string, { comp: string; race: string; fields: Record<string, string>; line: number }>();
  const columns: string[] = [];
  const prizes: string[] = [];
  const unknown: { key: string; line: number }[] = [];

  for (const r of records) {
    const { key } = r;
    if (key === 'column') columns.push(r.value);
    else if (key === 'prize') prizes.push(r.value);
    else if (key.startsWith('ser')) series[key] = r.value;
    else if (key === 'scrcode') {
      const code = readCode(r, errs);
      if (code !== null) codeRows.push(code);
    } else if (key.startsWith('scr')) {
      if (r.comp === '') errs.add(r.line, `${key}: scoring-system record without a system handle (field 3)`);
      else put(systemRaw, r.comp, r);
    } else if (key.startsWith('comp')) {
      if (r.comp === '') errs.add(r.line, `${key}: competitor record without a competitor handle (field 3)`);
      else put(compRaw, r.comp, r);
    } else if (key.startsWith('race')) {
      if (r.race === '') {
        errs.add(r.line, `${key}: race record without a race handle (field 4)`);
        continue;
      }
      const entry = raceRaw.get(r.race) ?? { fields: {}, starts: [], line: r.line };
      raceRaw.set(r.race, entry);
      if (key === 'racestart') entry.starts.push(r.value);
      else entry.fields[key] = r.value;
    } else if (r.comp !== '' && r.race !== '') {
      const id = `${r.comp}\u0000${r.race}`;
      const entry = resultRaw.get(id) ?? { comp: r.comp, race: r.race, fields: {}, line: r.line };
      resultRaw.set(id, entry);
      entry.fields[key] = r.value;
    } else unknown.push({ key, line: r.line });
  }

  if (!Object.keys(series).length) {
    errs.add(null, `not a Sailwave file: ${records.length} records but no series ("ser…") record, which every Sailwave file has`);
    return { ok: false, errors: errs.errors };
  }

  const codesBySystem = new Map<string, Map<string, SailwaveCode>>();
  for (const c of codeRows) {
    const m = codesBySystem.get(c.systemHandle) ?? new Map<string, SailwaveCode>();
    codesBySystem.set(c.systemHandle, m);
    m.set(c.code, c);
  }
  const scoringSystems = new Map<string, SailwaveScoringSystem>();
  for (const [handle, { fields, line }] of systemRaw) {
    const parent = fields.scrparent ?? '0';
    scoringSystems.set(handle, {
      handle,
      parent: parent === '0' || parent === '' ? null : parent,
      name: fields.scrname ?? '',
      field: fields.scrfield ?? '',
      value: fields.scrvalue ?? '',
      sortField: fields.scrsfield ?? fields.scrfield ?? '',
      pointsSystem: fields.scrpointssystem ?? 'Low point',
      ratingSystem: fields.scrratingsystem ?? 'None',
      discardList: fields.scrdiscardlist === undefined || fields.scrdiscardlist === '' ? null : intList(fields.scrdiscardlist, line, 'scrdiscardlist', errs),
      raceTies: fields.scrraceties ?? 'Averaged',
      codes: codesBySystem.get(handle) ?? new Map(),
      raw: fields,
      line,
    });
  }
  for (const c of codeRows) {
    if (!scoringSystems.has(c.systemHandle)) errs.add(c.line, `scrcode ${c.code}: names scoring system ${c.systemHandle}, which the file does not define`);
  }
  const scoringHandle = series.serscoringhandle ?? null;
  if (scoringHandle !== null && scoringSystems.size > 0 && !scoringSystems.has(scoringHandle)) {
    errs.add(null, `serscoringhandle ${scoringHandle} names a scoring system the file does not define (truncated?)`);
  }

  const competitors: SailwaveCompetitor[] = [];
  for (const [handle, { fields: f, line }] of compRaw) {
    const num = (k: string): number | null => optNumber(f[k], line, k, errs);
    const alias = f.compalias ?? '0';
    competitors.push({
      handle,
      sailNumber: f.compsailno ?? '',
      boat: f.compboat ?? '',
      helm: f.comphelmname ?? '',
      crew: f.compcrewname ?? '',
      club: f.compclub ?? '',
      nationality: f.compnat ?? '',
      fleet: f.compfleet ?? '',
      division: f.compdivision ?? '',
      boatClass: f.compclass ?? '',
      rating: num('comprating'),
      newRating: num('compnewrating'),
      aliasOf: alias === '0' || alias === '' ? null : alias,
      excluded: f.compexclude === '1',
      rank: num('comprank'),
      total: num('comptotal'),
      nett: num('compnett'),
      raw: f,
      line,
    });
  }
  const compIds = new Set(compRaw.keys());

  const races: SailwaveRace[] = [];
  for (const [handle, { fields: f, starts, line }] of raceRaw) {
    const order = f.racerank === undefined ? null : optNumber(f.racerank, line, 'racerank', errs);
    races.push({
      handle,
      order: order ?? races.length + 1,
      name: f.racename ?? '',
      date: f.racedate ?? '',
      sailed: f.racesailed !== '0',
      starts: starts.map(readStart),
      raw: f,
      line,
    });
  }
  races.sort((a, b) => a.order - b.order || a.line - b.line);

  const raceIds = new Set(raceRaw.keys());
  const results: SailwaveResult[] = [];
  const orphans: { comp: string; race: string; line: number }[] = [];
  for (const { comp, race, fields: f, line } of resultRaw.values()) {
    // Sailwave leaves the cells of deleted competitors and races (race handle 0) in the file:
    // kept aside for the importer's report, not an error.
    if (!compIds.has(comp) || !raceIds.has(race)) {
      orphans.push({ comp, race, line });
      continue;
    }
    const num = (k: string): number | null => optNumber(f[k], line, k, errs);
    results.push({
      comp,
      race,
      type: num('rrestyp') ?? 0,
      position: place(f.rpos, line, errs),
      recordedPosition: place(f.rrecpos, line, errs, 'rrecpos'),
      points: num('rpts'),
      code: (f.rcod ?? '').trim(),
      finishTime: f.rft ?? '',
      startTime: f.rst ?? '',
      elapsed: f.rele ?? '',
      corrected: f.rcor ?? '',
      ratingApplied: num('rrat'),
      discarded: f.rdisc === '1',
      raw: f,
      line,
    });
  }
  if (errs.errors.length > 0) return { ok: false, errors: errs.errors };
  return {
    ok: true,
    file: {
      encoding,
      version: series.serversion ?? null,
      event: series.serevent ?? '',
      venue: series.servenue ?? '',
      series,
      scoringHandle,
      scoringSystems,
      competitors,
      races,
      results,
      columns,
      prizes,
      unknown,
      orphanResults: orphans,
    },
  };
}

function put(map: Map<string, { fields: Record<string, string>; line: number }>, handle: string, r: BlwRecord): void {
  const entry = map.get(handle) ?? { fields: {}, line: r.line };
  map.set(handle, entry);
  entry.fields[r.key] = r.value;
}

function readCode(r: BlwRecord, errs: Collector): SailwaveCode | null {
  const parts = r.value.split('|');
  if (parts.length < 15 || parts[0]!.trim() === '') {
    errs.add(r.line, `scrcode: expected at least 15 "|"-separated parts (code|method|value|…|system handle), found ${parts.length}`);
    return null;
  }
  const yes = (i: number): boolean => (parts[i] ?? '').trim().toLowerCase() === 'yes';
  return {
    code: parts[0]!.trim(),
    method: (parts[1] ?? '').trim(),
    value: (parts[2] ?? '').trim(),
    discardable: yes(3),
    cameToStart: yes(4),
    started: yes(11),
    keepsPlace: yes(13),
    systemHandle: (parts[14] ?? '').trim(),
    description: parts.slice(16).join('|'),
    parts,
    line: r.line,
  };
}

/** `Fleet^Division A HPH^^^…^=^=…|191500|Finish time|Start 1|…` */
function readStart(raw: string): SailwaveStart {
  const parts = raw.split('|');
  const sel = (parts[0] ?? '').split('^');
  const selectors: { field: string; value: string }[] = [];
  // Field/value pairs until the first "=" (the per-pair operators follow).
  for (let i = 0; i + 1 < sel.length; i += 2) {
    const field = sel[i]!;
    if (field === '=' || sel[i + 1] === '=') break;
    if (field !== '') selectors.push({ field, value: sel[i + 1]! });
  }
  return { selectors, time: (parts[1] ?? '').trim(), method: (parts[2] ?? '').trim(), name: (parts[3] ?? '').trim(), raw };
}

function optNumber(v: string | undefined, line: number, key: string, errs: Collector): number | null {
  if (v === undefined || v.trim() === '') return null;
  const n = Number(v.trim());
  if (!Number.isFinite(n)) {
    errs.add(line, `${key}: expected a number, found ${JSON.stringify(v.slice(0, 30))}`);
    return null;
  }
  return n;
}

/** The most places a race can have (a place is stored as entered, `recordedPlace`). */
export const MAX_PLACE = 10_000;

/** `rpos` / `rrecpos`: a place is a whole number from 1 to MAX_PLACE; "" and "0" (Sailwave's unset) are none. */
function place(v: string | undefined, line: number, errs: Collector, key = 'rpos'): number | null {
  const n = optNumber(v, line, key, errs);
  if (n === null || n === 0) return null;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PLACE) {
    errs.add(line, `${key}: a place is a whole number from 1 to ${MAX_PLACE}, found ${JSON.stringify(v!.trim().slice(0, 30))}`);
    return null;
  }
  return n;
}

function intList(v: string, line: number, key: string, errs: Collector): number[] | null {
  const out: number[] = [];
  for (const part of v.split(',')) {
    const n = Number(part.trim());
    if (!Number.isInteger(n) || n < 0) {
      errs.add(line, `${key}: expected a comma-separated list of whole numbers, found ${JSON.stringify(v.slice(0, 40))}`);
      return null;
    }
    out.push(n);
  }
  return out;
}
