/**
 * How much regatta one import may create. The draft (draft.ts) becomes one regatta.imported fact, one
 * Kafka message: Kafka refuses a message over its limit (1 MB by default), and a refused fact would
 * stay at the head of the outbox. So:
 * - before mapping and drafting (cheap, on the parsed file): at most MAX_DRAFT_RACES races (every race
 *   of the file once per fleet) and MAX_DRAFT_REGISTRATIONS scored competitor records, so no file makes
 *   the mapping or the draft build arrays of a size the regatta could never be imported at;
 * - once the fact is built, before anything is stored: at most MAX_IMPORT_FACT_BYTES encoded.
 * Both are refused as "too large to import at once" (413 sailwave_too_large). Pure: no I/O.
 */
import type { SailwaveFile } from './model.js';
import { fieldValue, rootSystem } from './settings.js';

export const MAX_DRAFT_RACES = 10_000;
export const MAX_DRAFT_REGISTRATIONS = 10_000;
/** The regatta.imported fact as encoded, at most: below Kafka's default 1 MB message limit. */
export const MAX_IMPORT_FACT_BYTES = 900_000;

const TOO_LARGE = 'the regatta is too large to import at once';

/** Why the draft of this file would be too large to import at once, or null. */
export function draftSizeError(file: SailwaveFile): string | null {
  const root = rootSystem(file);
  const groupField = root === null ? '' : root.sortField || root.field;
  const groups = new Set<string>();
  let registrations = 0;
  for (const c of file.competitors) {
    if (c.excluded) continue;
    registrations++;
    groups.add(groupField === '' ? '' : fieldValue(c, groupField));
  }
  if (registrations > MAX_DRAFT_REGISTRATIONS) return `${TOO_LARGE}: ${registrations} competitor records (at most ${MAX_DRAFT_REGISTRATIONS})`;
  const races = groups.size * file.races.length;
  if (races > MAX_DRAFT_RACES) return `${TOO_LARGE}: ${groups.size} fleet${groups.size === 1 ? '' : 's'} × ${file.races.length} races = ${races} races (at most ${MAX_DRAFT_RACES})`;
  return null;
}

/** Why a regatta.imported fact of this many bytes is too large, or null. */
export function factSizeError(bytes: number): string | null {
  if (bytes <= MAX_IMPORT_FACT_BYTES) return null;
  return `${TOO_LARGE}: its ${bytes} bytes of fleets, races and registrations are more than one message may carry (${MAX_IMPORT_FACT_BYTES}); split the file (fewer fleets or races) and import the parts`;
}
