/**
 * A parsed Sailwave file → the scoring engine's input, one SeriesInput per
 * fleet (Sailwave's ranking group: the root scoring system's sort field,
 * usually Fleet), plus a warning for every setting the engine cannot
 * represent. Follows packages/scoring-engine/scripts/conformance.ts (the oracle mapping):
 * boats by id with their rating, races in order with their entries.
 *
 * Boat ids are Sailwave competitor handles (unique in a file; a dual-scored
 * boat has one record per fleet). Only sailed races are scored; a competitor
 * with no record in a sailed race is DNC, as in Sailwave.
 */
import { isProgressive, type RaceEntry, type SeriesBoat, type SeriesInput, type SeriesRace } from '@regatta/scoring-engine';
import type { SailwaveCompetitor, SailwaveFile, SailwaveRace, SailwaveResult } from './model.js';
import { fieldValue, fleetSettings, mapCode, rootSystem, systemFor, type FleetSettings, type SailwaveWarning } from './settings.js';
import { unmappedWarnings } from './unmapped.js';
import { elapsedSeconds, recordedPlace, recordsFinish } from './finishes.js';
import { placeAfterFinishers } from './unplaced.js';

export type { SailwaveWarning } from './settings.js';
export { clockSeconds, elapsedSeconds } from './finishes.js';

export interface MappedFleet {
  /** The group's value of the sort field (e.g. the fleet name); "" when the file has one group. */
  readonly name: string;
  readonly systemHandle: string | null;
  readonly input: SeriesInput;
  /** The competitors scored, by boat id (= competitor handle). */
  readonly competitors: ReadonlyMap<string, SailwaveCompetitor>;
  /** The sailed races, in input order. */
  readonly races: readonly SailwaveRace[];
  /** No warning of this fleet affects scores: parity with Sailwave is expected. */
  readonly representable: boolean;
}

export interface MappedSeries {
  /** Field standings are separated by (e.g. "Fleet"), "" when one group. */
  readonly groupField: string;
  readonly fleets: readonly MappedFleet[];
  readonly warnings: readonly SailwaveWarning[];
}

export function toScoring(file: SailwaveFile): MappedSeries {
  const warnings: SailwaveWarning[] = [];
  const seen = new Set<string>();
  const warn = (w: SailwaveWarning): void => {
    const key = `${w.fleet ?? ''}\u0000${w.setting}\u0000${w.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    warnings.push(w);
  };
  const root = rootSystem(file);
  if (root === null && file.results.some((r) => r.type !== 0)) {
    warn({ setting: 'scr*', message: 'results but no scoring system: scored with RRS Appendix A defaults (low point, A5.2, no discards)', affectsScores: true });
  }
  const groupField = root === null ? '' : root.sortField || root.field;

  if (file.orphanResults.length > 0) {
    // One warning for them all (a file can keep hundreds), naming the first few.
    const o = file.orphanResults;
    const names = o.slice(0, 5).map((x) => `${x.comp}/${x.race}`).join(', ');
    warn({ setting: 'r*', message: `${o.length} result cell${o.length === 1 ? '' : 's'} of deleted competitors or races left out (competitor/race ${names}${o.length > 5 ? ', …' : ''})`, affectsScores: false, line: o[0]!.line });
  }
  const scored: SailwaveCompetitor[] = [];
  for (const c of file.competitors) {
    if (c.excluded) warn({ setting: 'compexclude', message: `competitor ${c.sailNumber || c.handle} is excluded from the results in Sailwave and is not scored`, affectsScores: false, line: c.line });
    else scored.push(c);
  }
  const groups = new Map<string, SailwaveCompetitor[]>();
  for (const c of scored) {
    const g = groupField === '' ? '' : fieldValue(c, groupField);
    const list = groups.get(g) ?? [];
    groups.set(g, list);
    list.push(c);
  }
  const sailed = file.races.filter((r) => r.sailed);
  const resultsByComp = new Map<string, Map<string, SailwaveResult>>();
  for (const r of file.results) {
    const m = resultsByComp.get(r.comp) ?? new Map<string, SailwaveResult>();
    resultsByComp.set(r.comp, m);
    m.set(r.race, r);
  }

  const fleets: MappedFleet[] = [];
  for (const [name, members] of groups) {
    const before = warnings.length;
    const fleetWarn = (w: Omit<SailwaveWarning, 'fleet'>): void => warn({ ...w, fleet: name });
    let settings: FleetSettings;
    let systemHandle: string | null = null;
    if (root === null) {
      settings = { scoringSystem: 'low_point', handicap: { kind: 'one_design' }, penaltyBasis: 'A5.2', discards: { kind: 'none' }, codes: new Map() };
    } else {
      const counts = new Map<string, number>();
      for (const c of members) {
        const h = systemFor(file, root, c).handle;
        counts.set(h, (counts.get(h) ?? 0) + 1);
      }
      systemHandle = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      if (counts.size > 1) fleetWarn({ setting: 'scrvalue', message: `competitors of one fleet fall under ${counts.size} scoring systems; scored with system ${systemHandle}`, affectsScores: true });
      settings = fleetSettings(file, file.scoringSystems.get(systemHandle)!, name, warn);
    }
    const built = buildFleet(name, members, sailed, resultsByComp, settings, fleetWarn);
    const affected = warnings.slice(before).some((w) => w.affectsScores) || warnings.some((w) => w.affectsScores && w.fleet === undefined);
    fleets.push({
      name,
      systemHandle,
      input: {
        fleet: {
          scoringSystem: settings.scoringSystem,
          handicap: built.handicap,
          penaltyBasis: settings.penaltyBasis,
          ...(settings.finishersPlus !== undefined ? { finishersPlus: settings.finishersPlus } : {}),
          discards: settings.discards,
        },
        boats: built.boats,
        races: built.races,
      },
      competitors: new Map(members.map((c) => [c.handle, c])),
      races: sailed,
      representable: !affected,
    });
  }
  // Every key the import neither reads nor recomputes: one warning per key, with its count.
  for (const w of unmappedWarnings(file)) warn(w);
  return { groupField, fleets, warnings };
}

function buildFleet(
  fleet: string,
  members: readonly SailwaveCompetitor[],
  sailed: readonly SailwaveRace[],
  resultsByComp: ReadonlyMap<string, ReadonlyMap<string, SailwaveResult>>,
  settings: FleetSettings,
  warn: (w: Omit<SailwaveWarning, 'fleet'>) => void,
): { handicap: FleetSettings['handicap']; boats: SeriesBoat[]; races: SeriesRace[] } {
  let handicap = settings.handicap;
  const cellOf = (c: SailwaveCompetitor, race: SailwaveRace): SailwaveResult | undefined => resultsByComp.get(c.handle)?.get(race.handle);
  const anyTimed = members.some((c) => sailed.some((r) => timed(cellOf(c, r), settings.codes)));
  if (handicap.kind !== 'one_design' && !members.some((c) => c.rating !== null) && !anyTimed) {
    // Sailwave ranks place-entered results of a fleet without ratings on their places.
    handicap = { kind: 'one_design' };
  }
  const handicapped = handicap.kind !== 'one_design';
  const boats: SeriesBoat[] = members.map((c) => {
    if (!handicapped) return { id: c.handle };
    if (c.rating === null) {
      warn({ setting: 'comprating', message: `competitor ${c.sailNumber || c.handle} has no rating; the engine cannot score her in a handicap fleet`, affectsScores: true, line: c.line });
      return { id: c.handle };
    }
    return isProgressive(handicap) ? { id: c.handle, rating: c.rating, baseRating: c.rating } : { id: c.handle, rating: c.rating };
  });

  const races: SeriesRace[] = sailed.map((race, ri) => {
    const entries: RaceEntry[] = [];
    // One-design fleets with finish times: the finishing order is the order of elapsed times.
    const elapsedOf = new Map<string, number>();
    for (const c of members) {
      const cell = cellOf(c, race);
      if (cell === undefined) continue;
      const e = elapsedSeconds(cell, settings.codes);
      if (e !== null) elapsedOf.set(c.handle, e);
    }
    const sortedTimes = [...elapsedOf.values()].sort((a, b) => a - b);
    // Penalties that keep the place on a cell without a recorded place or time: placed after the finishers.
    const unplaced: { -readonly [K in keyof RaceEntry]: RaceEntry[K] }[] = [];
    for (const c of members) {
      const cell = cellOf(c, race);
      if (cell === undefined || cell.type === 0) continue;
      const where = `competitor ${c.sailNumber || c.handle}, race ${race.name || race.order}`;
      const entry: { -readonly [K in keyof RaceEntry]: RaceEntry[K] } = { boatId: c.handle };
      const elapsed = elapsedOf.get(c.handle);
      const place = recordedPlace(cell, settings.codes);
      if (handicapped) {
        if (elapsed !== undefined) entry.elapsedSeconds = elapsed;
      } else if (elapsed !== undefined && cell.type !== 1) {
        entry.position = sortedTimes.indexOf(elapsed) + 1;
      } else if (place !== null) entry.position = place;
      // A code left on a result entered as a place or a time (rrestyp 1/2/4) is stale unless it
      // keeps the place (a penalty): Sailwave scores the finish, so does the import.
      const stale = cell.code !== '' && cell.type !== 3 && !(settings.codes.get(cell.code)?.keepsPlace ?? false);
      if (stale) {
        warn({ setting: 'rcod', message: `${where}: code ${cell.code} on a result entered as a finish (rrestyp ${cell.type}); scored as the finish, as Sailwave does`, affectsScores: false, line: cell.line });
      }
      if (cell.code !== '' && !stale) {
        const mapped = mapCode(settings.codes, cell.code, settings.penaltyBasis, (setting, message, line, affectsScores = true) =>
          warn({ setting, message, affectsScores, ...(line !== undefined ? { line } : {}) }),);
        if (mapped === null) continue;
        if (mapped.kind === 'result') {
          entry.code = mapped.code;
          if (mapped.cameToStart !== (mapped.code !== 'DNC')) entry.startPresent = mapped.cameToStart;
          delete entry.position;
          delete entry.elapsedSeconds;
        } else if (mapped.kind === 'penalty') {
          entry.penalty = mapped.code === 'DPI' ? { code: 'DPI', points: mapped.points ?? 0 } : { code: mapped.code, percent: mapped.percent ?? 20 };
          if (entry.position === undefined && entry.elapsedSeconds === undefined) {
            // She came to the start and finished (a penalty is given to a finisher): never dropped (that
            // would make her DNC and change the other boats' DNF scores), never placed by rpos.
            warn({ setting: 'rcod', message: `${where}: penalty ${cell.code} without a recorded place or time: scored as finishing after the recorded finishers, plus the penalty (at most the DNF score)`, affectsScores: true, line: cell.line });
            unplaced.push(entry);
          }
        } else {
          entry.code = 'RDG';
          if (mapped.method === 'stated') {
            if (cell.points === null) warn({ setting: 'rpts', message: `${where}: redress set by hand without points`, affectsScores: true, line: cell.line });
            entry.redress = { method: 'stated', points: cell.points ?? 0 };
          } else entry.redress = { method: mapped.method };
          delete entry.position;
          delete entry.elapsedSeconds;
        }
      } else if (handicapped && entry.elapsedSeconds === undefined) {
        warn({ setting: 'rft', message: `${where}: a finish without a time in a handicap fleet`, affectsScores: true, line: cell.line });
        continue;
      } else if (!handicapped && entry.position === undefined) {
        warn({ setting: 'rpos', message: `${where}: a finish without a place`, affectsScores: true, line: cell.line });
        continue;
      }
      entries.push(entry);
    }
    // Progressive handicaps (NHC, ECHO): the rating each boat sailed this race on is stored
    // (rrat). Sailwave's chain can start from ratings edited after the race, so the stored
    // per-race rating is the input of record; without it the engine's own chain applies.
    const overrides: Record<string, number> = {};
    for (const c of members) {
      const r = cellOf(c, race)?.ratingApplied;
      if (r === null || r === undefined || r <= 0) continue;
      if (isProgressive(handicap)) overrides[c.handle] = r;
      // A fixed rating system scores every race on comprating (so does Sailwave): the stored rrat is left.
      else if (handicapped && r !== c.rating) warn({ setting: 'rrat', message: `per-race ratings (rrat) differing from comprating are not used: ${settings.handicap.kind} scores every race on the boat's rating, as Sailwave does`, affectsScores: false });
    }
    if (unplaced.length > 0) {
      placeAfterFinishers(entries, unplaced, handicap, (id) => overrides[id] ?? members.find((c) => c.handle === id)?.rating ?? null);
      // A boat without a rating gets no time in a handicap fleet (her rating is warned above).
      if (handicapped) entries.splice(0, entries.length, ...entries.filter((e) => e.code !== undefined || e.elapsedSeconds !== undefined));
    }
    return { number: ri + 1, entries, ...(Object.keys(overrides).length > 0 ? { ratingOverrides: overrides } : {}) };
  });
  return { handicap, boats, races };
}

function timed(cell: SailwaveResult | undefined, codes: FleetSettings['codes']): boolean {
  return cell !== undefined && recordsFinish(cell, codes) && (cell.finishTime !== '' || cell.elapsed !== '');
}
