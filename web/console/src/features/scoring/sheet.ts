/**
 * The rules of a finish sheet typed by keyboard, kept apart from the screen so they can be tested:
 * which entered boat a typed sail number means (exact, else the one boat whose sail number starts
 * with it), "105 OCS" read as a sail number and an Appendix A code from the platform's vocabulary,
 * the status each code belongs to (submitRaceResults), which lines are flagged (a boat typed twice,
 * a boat not entered in the fleet, a finisher without the time the fleet needs), and the sheet as
 * the API's submission.
 */
import { RESULT_CODES, type ResultCodeName, type ResultStatus } from '@regatta/contracts/vocabulary';
import type { operations } from '@regatta/client';

export type Submission = operations['submitRaceResults']['requestBody']['content']['application/json'];
export type SubmissionEntry = Submission['results'][number];
export type RedressMethod = 'average_all' | 'average_before' | 'points';
export const REDRESS_METHODS: readonly RedressMethod[] = ['average_all', 'average_before', 'points'];

/** The codes a scorer may type, from the platform's one vocabulary. */
export const CODES: readonly ResultCodeName[] = RESULT_CODES;

/** The status each Appendix A code goes with (submitRaceResults); RDG keeps the finish it redresses. */
export const CODE_STATUS: Readonly<Record<ResultCodeName, ResultStatus>> = {
  dnf: 'dnf',
  ret: 'dnf',
  nsc: 'dnf',
  dns: 'dns',
  ocs: 'dns',
  dsq: 'dsq',
  ufd: 'dsq',
  bfd: 'dsq',
  dne: 'dsq',
  dnc: 'dnc',
  zfp: 'finished',
  scp: 'finished',
  dpi: 'finished',
  rdg: 'finished',
};

/** Codes that keep a boat in the finishing order (she finished; the code adds a penalty or redress). */
export function keepsFinish(code: ResultCodeName | null): boolean {
  return code === null || CODE_STATUS[code] === 'finished';
}

/** Codes that need a number: SCP/ZFP a percentage (optional), DPI points, RDG points with method points. */
export function needsValue(code: ResultCodeName | null, method: RedressMethod | ''): boolean {
  return code === 'dpi' || (code === 'rdg' && method === 'points');
}

export interface Boat {
  id: string;
  sail: string;
  name: string;
}

export interface SheetLine {
  /** Stable key of the line in the sheet. */
  key: string;
  /** What was typed as the sail number (kept when no boat matches, so it can be shown and fixed). */
  typed: string;
  boatId: string | null;
  /** Finish time on the regatta's clock, HH:MM:SS ('' when none). */
  time: string;
  code: ResultCodeName | null;
  redressMethod: RedressMethod | '';
  /** Percentage (SCP/ZFP), penalty points (DPI) or redress points (RDG by points), as typed. */
  value: string;
}

/** Sail numbers compared without case, spaces and dashes: "gbr-105" is "GBR 105". */
export function normalizeSail(text: string): string {
  return text.toUpperCase().replace(/[\s\-_/.]+/g, '');
}

/**
 * The entered boats a typed sail number may mean, best first: an exact sail number; else sail numbers
 * starting with it; else sail numbers whose digits start with it ("105" finds "GBR 1057" and "GBR 105").
 */
export function matchBoats(boats: readonly Boat[], typed: string): Boat[] {
  const wanted = normalizeSail(typed);
  if (!wanted) return [];
  const exact = boats.filter((boat) => normalizeSail(boat.sail) === wanted);
  if (exact.length > 0) return exact;
  const digits = (sail: string) => sail.replace(/\D+/g, '');
  const byPrefix = boats.filter((boat) => normalizeSail(boat.sail).startsWith(wanted) || (/^\d+$/.test(wanted) && digits(boat.sail) === wanted));
  const byDigits = /^\d+$/.test(wanted) ? boats.filter((boat) => digits(boat.sail).startsWith(wanted) && !byPrefix.includes(boat)) : [];
  return [...byPrefix, ...byDigits].sort((a, b) => a.sail.length - b.sail.length || a.sail.localeCompare(b.sail));
}

/** The one boat a typed sail number means: exact, or the only candidate; null when none or several. */
export function resolveBoat(boats: readonly Boat[], typed: string): Boat | null {
  const candidates = matchBoats(boats, typed);
  const wanted = normalizeSail(typed);
  const exact = candidates.filter((boat) => normalizeSail(boat.sail) === wanted || boat.sail.replace(/\D+/g, '') === wanted);
  if (exact.length === 1) return exact[0]!;
  return candidates.length === 1 ? candidates[0]! : null;
}

/** "GBR 105 ocs" → sail "GBR 105", code ocs; a last word that is no code is part of the sail number. */
export function parseTyped(text: string): { sail: string; code: ResultCodeName | null } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const last = words.at(-1)?.toLowerCase();
  if (words.length > 1 && last && (CODES as readonly string[]).includes(last)) {
    return { sail: words.slice(0, -1).join(' '), code: last as ResultCodeName };
  }
  return { sail: words.join(' '), code: null };
}

/** A time typed as HH:MM:SS, HH:MM or HHMMSS, written back as HH:MM:SS; null when it is no time. */
export function parseClock(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{2})$/.exec(trimmed);
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hours)}:${two(minutes)}:${two(seconds)}`;
}

export type LineProblem = 'notEntered' | 'duplicate' | 'missingTime' | 'badTime' | 'missingValue';

/** What is wrong with each line, by key (the first of two lines of one boat is fine, the second flagged). */
export function lineProblems(lines: readonly SheetLine[], needsTimes: boolean): Map<string, LineProblem> {
  const problems = new Map<string, LineProblem>();
  const seen = new Set<string>();
  for (const line of lines) {
    if (!line.boatId) problems.set(line.key, 'notEntered');
    else if (seen.has(line.boatId)) problems.set(line.key, 'duplicate');
    else if (line.time && !parseClock(line.time)) problems.set(line.key, 'badTime');
    else if (needsTimes && keepsFinish(line.code) && !line.time) problems.set(line.key, 'missingTime');
    else if (needsValue(line.code, line.redressMethod) && !Number.isFinite(parseNumber(line.value))) problems.set(line.key, 'missingValue');
    if (line.boatId) seen.add(line.boatId);
  }
  return problems;
}

/** The line already holding this boat, if any (to flag a boat typed twice before it is added). */
export function lineOf(lines: readonly SheetLine[], boatId: string): number {
  return lines.findIndex((line) => line.boatId === boatId);
}

export function parseNumber(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

export interface SheetClock {
  /** The race's start as an instant (ISO 8601). */
  start: string;
  /** HH:MM:SS on the regatta's clock → instant; the race day and time zone are the caller's. */
  toInstant: (clock: string) => string | null;
}

/**
 * The sheet as submitRaceResults takes it: each finisher with the time typed for her, and none
 * invented. A fleet scored on the order on the water takes a sheet without times (the service places
 * the finishers in the order typed); a sheet timing some finishers and not others is refused by the
 * service on the first finisher without a time.
 */
export function toSubmission(lines: readonly SheetLine[], clock: SheetClock, reason: string): Submission {
  const results: SubmissionEntry[] = lines.map((line) => {
    const boat = line.boatId ?? line.typed;
    const code = line.code;
    const status = code ? CODE_STATUS[code] : 'finished';
    const finishTime = keepsFinish(code) && line.time ? clock.toInstant(parseClock(line.time) ?? line.time) : null;
    const base = { boat, status, ...(finishTime ? { finishTime } : {}) };
    if (code === null) return { ...base, status: 'finished' } as SubmissionEntry;
    if (code === 'rdg') {
      const method = line.redressMethod;
      const redress = method === 'points' ? { method, points: parseNumber(line.value) } : method ? { method } : undefined;
      return { ...base, code, ...(redress ? { redress } : {}) } as SubmissionEntry;
    }
    if (code === 'dpi') return { ...base, code, points: parseNumber(line.value) } as SubmissionEntry;
    if ((code === 'scp' || code === 'zfp') && Number.isFinite(parseNumber(line.value))) return { ...base, code, penaltyPercent: parseNumber(line.value) } as SubmissionEntry;
    return { ...base, code } as SubmissionEntry;
  });
  return { actualStart: clock.start, status: 'finished', results, reason };
}

/** The line number (1-based) a refusal's field names, e.g. "results.3.boat" → 4. */
export function lineOfField(field: string): number | null {
  const match = /results[.[](\d+)/.exec(field);
  return match ? Number(match[1]) + 1 : null;
}
