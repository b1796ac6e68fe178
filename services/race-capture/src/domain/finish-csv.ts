/**
 * Finish times from a timing system or a tracker, one line per finish: `sail number,time`. The time
 * is an ISO 8601 instant with its offset, or a wall-clock `HH:MM:SS[.sss]` on the race's day in the
 * regatta's time zone. A first line whose time does not read as one is a header and is skipped.
 * Separators: comma, semicolon or tab. Blank lines are skipped; every other line is a finish or an
 * error naming its line.
 */
import { zonedInstant } from './zoned-time.js';

export interface CsvFinish {
  line: number;
  sailNumber: string;
  at: Date;
}

export interface CsvError {
  line: number;
  message: string;
}

const WALL_CLOCK = /^(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,3}))?$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;

function readTime(text: string, day: string, timeZone: string | null): Date | undefined {
  if (ISO_INSTANT.test(text)) {
    const at = new Date(text);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  const match = WALL_CLOCK.exec(text);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const millis = Number((match[4] ?? '0').padEnd(3, '0'));
  return zonedInstant(day, ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis, timeZone);
}

export function parseFinishTimes(csv: string, day: string, timeZone: string | null): { finishes: CsvFinish[]; errors: CsvError[] } {
  const finishes: CsvFinish[] = [];
  const errors: CsvError[] = [];
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const cells = raw.split(/[,;\t]/).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
    const [sailNumber, time] = [cells[0] ?? '', cells[1] ?? ''];
    const at = readTime(time, day, timeZone);
    if (!at) {
      if (finishes.length === 0 && errors.length === 0) return; // a header line
      errors.push({ line, message: `"${time}" is not a time (HH:MM:SS[.sss] or an ISO 8601 instant).` });
      return;
    }
    if (sailNumber === '') {
      errors.push({ line, message: 'The sail number is empty.' });
      return;
    }
    finishes.push({ line, sailNumber, at });
  });
  return { finishes, errors };
}
