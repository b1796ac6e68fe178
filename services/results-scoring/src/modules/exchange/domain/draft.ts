/**
 * A parsed Sailwave file (and its mapping to the engine, to-scoring.ts) → the draft regatta this
 * platform stores: one event, a fleet per Sailwave ranking group with its scoring and handicap set-up,
 * every race of the file once per fleet (sailed races with their results), and one registration (with
 * its own boat) per scored competitor record. Every id is chosen here (`newId`), so the results stored
 * by results-scoring and the rows the events service creates from the regatta.imported fact agree.
 *
 * What the platform cannot hold becomes a warning here, on top of the engine mapping's warnings.
 * Pure: no I/O (ids and "today" come in).
 */
import type { HandicapSystemName } from '@regatta/contracts';
import type { HandicapSystem } from '@regatta/scoring-engine';
import type { SailwaveCompetitor, SailwaveFile, SailwaveRace } from './model.js';
import { parseRaceDate, yearNamedIn } from './dates.js';
import { draftEntries, type DraftEntry } from './draft-entries.js';
import type { NamedRulesDifference } from './points-parity.js';
import { rulesDifferences } from './rules-differences.js';
import { MAX_DISCARD_LIST, type SailwaveWarning } from './settings.js';
import type { MappedFleet, MappedSeries } from './to-scoring.js';

export interface DraftEvent {
  id: string;
  name: string;
  venue: string | null;
  startDate: Date;
  endDate: Date;
}

export interface DraftFleet {
  id: string;
  name: string;
  /** The Sailwave group (value of the sort field) it came from; "" when one group. */
  group: string;
  scoringSystem: 'low_point' | 'high_point';
  dropRaces: number;
  handicapSystem: HandicapSystemName;
  handicapParams: Record<string, number>;
  penaltyBasis: 'series_entries' | 'starting_area' | 'starting_area_incl_dnc' | 'finishers_plus';
  discardThresholds: number[];
  /** The fleet's engine options (the N of "Finishers +"), as events stores them. */
  options?: { finishersPlus?: { dnf: number; dnc: number } };
  /** No warning affects its scores: Sailwave's ranks and nett totals are expected exactly. */
  representable: boolean;
}

export interface DraftRace {
  id: string;
  fleetId: string;
  /** Sailwave race handle. */
  handle: string;
  name: string;
  number: number;
  scheduledStart: Date | null;
  sailed: boolean;
  /** Start stored with the results (finish times are measured from it); null for place-entered races. */
  actualStart: Date | null;
  entries: DraftEntry[];
}

export interface DraftRegistration {
  id: string;
  fleetId: string;
  boatId: string;
  /** The sailor's id: stable per helm name in the organization (so a sailor's imports meet), else per record. */
  userId: string;
  /** Sailwave competitor handle. */
  handle: string;
  boatName: string;
  sailNumber: string | null;
  boatClass: string | null;
  helm: string | null;
  crew: string[];
  club: string | null;
  nationality: string | null;
  ratings: Record<string, number>;
  /** Progressive handicaps: the rating Sailwave applied in each race (rrat), as rating changes from that race on. */
  ratingChanges: { key: string; value: number; fromRace: number }[];
  /**
   * Sailwave's stored series result and the points of each race (by the draft's race number), for
   * parity, with the cells where Sailwave departs from the rules (rules-differences.ts).
   */
  sailwave: { rank: number | null; total: number | null; nett: number | null; races: { race: number; points: number }[]; rulesDifferences?: NamedRulesDifference[] };
}

export interface ImportDraft {
  event: DraftEvent;
  fleets: DraftFleet[];
  races: DraftRace[];
  registrations: DraftRegistration[];
  warnings: SailwaveWarning[];
}

export interface DraftOptions {
  organizationId: string;
  fileName: string;
  today: Date;
  newId: () => string;
  /** A stable uuid for a text (RFC 4122 v5 style); the sailor ids are made with it. */
  stableId: (key: string) => string;
}

/** Rating key the platform's registrations carry for each handicap kind (RATING_KEYS). */
const RATING_KEY: Partial<Record<HandicapSystem['kind'], string>> = { irc: 'irc', portsmouth_rya: 'portsmouth_rya', nhc: 'nhc', echo: 'echo' };

/** Race dates outside these years are not taken as dates (a scorer's typo such as 0001-01-01 or 9999-12-31). */
export const RACE_YEARS = { min: 1900, max: 2100 } as const;

/**
 * The longest text a registration field holds: what the events service's registration schema accepts
 * (boat name 100, sail number 30, model 100, sailor and crew names 200); club and nationality, which
 * have no field there and are kept in the import's row and the fact, as long as a name.
 */
export const REGISTRATION_TEXT = {
  compboat: { max: 100, label: 'boat name' },
  compsailno: { max: 30, label: 'sail number' },
  compclass: { max: 100, label: 'class' },
  comphelmname: { max: 200, label: 'helm name' },
  compcrewname: { max: 200, label: 'crew name' },
  compclub: { max: 200, label: 'club' },
  compnat: { max: 100, label: 'nationality' },
} as const;
type TextKey = keyof typeof REGISTRATION_TEXT;

/** The first `max` UTF-16 units of a text, never half a surrogate pair. */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

export function buildImportDraft(file: SailwaveFile, mapped: MappedSeries, options: DraftOptions): ImportDraft {
  const warnings: SailwaveWarning[] = [...mapped.warnings];
  const name = file.event.trim() || options.fileName.replace(/\.blw$/i, '').trim() || 'Imported regatta';
  const year = yearNamedIn(file.event, options.fileName) ?? options.today.getUTCFullYear();
  const spec = file.series.serdatespec ?? 'd-m-y';
  const dayOf = new Map<string, Date | null>();
  for (const race of file.races) {
    let day = parseRaceDate(race.date, spec, year);
    if (day === null && race.date.trim() !== '') warnings.push({ setting: 'racedate', message: `race ${race.name || race.order}: date "${race.date.slice(0, 40)}" is not a date; the race is imported without one`, affectsScores: false, line: race.line });
    else if (day !== null && (day.getUTCFullYear() < RACE_YEARS.min || day.getUTCFullYear() > RACE_YEARS.max)) {
      warnings.push({ setting: 'racedate', message: `race ${race.name || race.order}: date "${race.date.slice(0, 40)}" is in the year ${day.getUTCFullYear()}, outside ${RACE_YEARS.min}–${RACE_YEARS.max}; the race is imported without a date`, affectsScores: false, line: race.line });
      day = null;
    }
    dayOf.set(race.handle, day);
  }
  const days = [...dayOf.values()].filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime());
  // Without any race date: the import's day, or 1 January of the year the names carry.
  const thisYear = year === options.today.getUTCFullYear();
  const fallbackDay = new Date(Date.UTC(year, thisYear ? options.today.getUTCMonth() : 0, thisYear ? options.today.getUTCDate() : 1));
  if (days.length === 0) warnings.push({ setting: 'racedate', message: `no race has a date: the event is dated ${fallbackDay.toISOString().slice(0, 10)}`, affectsScores: false });
  const event: DraftEvent = {
    id: options.newId(),
    name: name.slice(0, 200),
    venue: file.venue.trim() === '' ? null : file.venue.trim().slice(0, 200),
    startDate: days[0] ?? fallbackDay,
    endDate: new Date((days[days.length - 1] ?? fallbackDay).getTime() + 86_399_000),
  };

  const pointsOf = new Map<string, number>();
  for (const r of file.results) if (r.points !== null) pointsOf.set(`${r.comp}\u0000${r.race}`, r.points);
  const fleets: DraftFleet[] = [];
  const races: DraftRace[] = [];
  const registrations: DraftRegistration[] = [];
  const usedNames = new Set<string>();
  const usedSailors = new Set<string>();
  // Texts longer than a registration holds are cut: one warning per key, with the count and first line.
  const cuts = new Map<TextKey, { count: number; line: number }>();
  const cut = (key: TextKey, text: string, line: number): string => {
    const { max } = REGISTRATION_TEXT[key];
    if (text.length <= max) return text;
    const seen = cuts.get(key) ?? { count: 0, line };
    seen.count++;
    cuts.set(key, seen);
    return cutText(text, max);
  };
  for (const mf of mapped.fleets) {
    const fleet = draftFleet(mf, name, usedNames, options.newId, file.races.length);
    if (fleet.discardThresholds.length > FLEET_DISCARDS.maxThresholds || fleet.discardThresholds.some((t) => t > FLEET_DISCARDS.maxRace)) {
      // A fleet holds what the fleets API accepts (at most 20 discards, named by a race up to 200).
      fleet.discardThresholds = fleet.discardThresholds.filter((t) => t <= FLEET_DISCARDS.maxRace).slice(0, FLEET_DISCARDS.maxThresholds);
      warnings.push({
        setting: 'scrdiscardlist',
        fleet: mf.name,
        message: `the discard list gives more than ${FLEET_DISCARDS.maxThresholds} discards (or one after race ${FLEET_DISCARDS.maxRace}); a fleet keeps the first ${FLEET_DISCARDS.maxThresholds}`,
        affectsScores: true,
      });
    }
    fleets.push(fleet);
    const boatIdOf = new Map<string, string>();
    const regOf = new Map<string, DraftRegistration>();
    for (const c of mf.competitors.values()) {
      const reg = draftRegistration(c, fleet, mf, options, usedSailors, cut);
      boatIdOf.set(c.handle, reg.boatId);
      regOf.set(c.handle, reg);
      registrations.push(reg);
    }
    const sailedIndex = new Map(mf.races.map((r, i) => [r.handle, i] as const));
    const raceNumber = new Map(file.races.map((r, i) => [r.handle, i + 1] as const));
    for (const d of rulesDifferences(file, mf)) {
      const reg = regOf.get(d.boatId);
      const race = raceNumber.get(d.raceHandle);
      if (reg === undefined || race === undefined) continue;
      (reg.sailwave.rulesDifferences ??= []).push({ race, sailwave: d.sailwave, rules: d.rules, rule: d.rule, reason: d.reason });
    }
    // Sailwave's stored points of every sailed race (rpts), by the draft's race number, for parity.
    file.races.forEach((race, ri) => {
      if (!sailedIndex.has(race.handle)) return;
      for (const [handle, reg] of regOf) {
        const points = pointsOf.get(`${handle}\u0000${race.handle}`);
        if (points !== undefined) reg.sailwave.races.push({ race: ri + 1, points });
      }
    });
    file.races.forEach((race, ri) => {
      const day = dayOf.get(race.handle) ?? null;
      const startTime = startOf(race, mf.name, mapped.groupField);
      const scheduledStart = day === null ? null : new Date(day.getTime() + (startTime ?? 0) * 1000);
      const si = sailedIndex.get(race.handle);
      const input = si === undefined ? undefined : mf.input.races[si];
      const drafted = input === undefined ? { actualStart: null, entries: [] } : draftEntries(input, boatIdOf, fleet.handicapSystem !== 'one_design', scheduledStart ?? event.startDate);
      races.push({
        id: options.newId(),
        fleetId: fleet.id,
        handle: race.handle,
        name: (race.name.trim() || `Race ${ri + 1}`).slice(0, 200),
        number: ri + 1,
        scheduledStart,
        sailed: input !== undefined,
        actualStart: drafted.actualStart,
        entries: drafted.entries,
      });
      // The platform stores no per-entry "came to the starting area" flag: under A5.3 a code whose flag
      // differs from the RRS code's own would score differently, so it is warned.
      const basis = mf.input.fleet.penaltyBasis;
      if ((basis === 'A5.3' || basis === 'A5.3_incl_dnc') && input?.entries.some((e) => e.startPresent !== undefined)) {
        warnings.push({ setting: 'scrcode', fleet: mf.name, message: `race ${race.name || race.order}: a code's "came to the start" flag differs from the RRS code's; the platform scores the RRS code's (A5.3)`, affectsScores: true });
        fleet.representable = false;
      }
      // Progressive handicaps: the rating each boat sailed this race on is kept as a rating change
      // from this race on (the platform's per-race ratings), so the stored scores use it.
      const key = RATING_KEY[mf.input.fleet.handicap.kind];
      if (input?.ratingOverrides !== undefined && key !== undefined) {
        for (const [handle, value] of Object.entries(input.ratingOverrides)) {
          const reg = regOf.get(handle);
          if (reg !== undefined) reg.ratingChanges.push({ key, value, fromRace: ri + 1 });
        }
      }
    });
  }
  for (const [key, { count, line }] of cuts) {
    const { max, label } = REGISTRATION_TEXT[key];
    warnings.push({ setting: key, message: `${count} competitor record${count === 1 ? '' : 's'}: ${label} longer than ${max} characters, cut to ${max}`, affectsScores: false, line });
  }
  return { event, fleets, races, registrations, warnings: dedupe(warnings) };
}

/** The fleets API's limits on discard thresholds (services/events events.schemas.ts, OpenAPI Fleet). */
const FLEET_DISCARDS = { maxThresholds: 20, maxRace: 200 } as const;

function draftFleet(mf: MappedFleet, eventName: string, usedNames: Set<string>, newId: () => string, raceCount: number): DraftFleet {
  const config = mf.input.fleet;
  let penaltyBasis: DraftFleet['penaltyBasis'] = 'series_entries';
  const representable = mf.representable;
  if (config.penaltyBasis === 'A5.3') penaltyBasis = 'starting_area';
  else if (config.penaltyBasis === 'A5.3_incl_dnc') penaltyBasis = 'starting_area_incl_dnc';
  else if (config.penaltyBasis === 'finishers_plus') penaltyBasis = 'finishers_plus';
  const discards = config.discards ?? { kind: 'none' as const };
  let discardThresholds: number[] = [];
  let dropRaces = 0;
  if (discards.kind === 'thresholds') {
    // The platform's thresholds add one discard each; a jump of two at one count is two equal thresholds.
    // Bounded whatever the schedule says (settings.ts caps the counts already): at most one threshold
    // per race of the file or of the discard list read.
    const most = Math.max(raceCount, MAX_DISCARD_LIST);
    for (const t of discards.thresholds) while (discardThresholds.length < Math.min(t.discardCount, most)) discardThresholds.push(t.minRaces);
  } else if (discards.kind === 'fixed') dropRaces = discards.count;
  let base = (mf.name.trim() || eventName).slice(0, 100);
  for (let n = 2; usedNames.has(base.toLowerCase()); n++) base = `${(mf.name.trim() || eventName).slice(0, 95)} (${n})`;
  usedNames.add(base.toLowerCase());
  const handicap = config.handicap;
  return {
    id: newId(),
    name: base,
    group: mf.name,
    scoringSystem: config.scoringSystem === 'high_point' ? 'high_point' : 'low_point',
    dropRaces,
    handicapSystem: handicap.kind as HandicapSystemName,
    handicapParams: {},
    penaltyBasis,
    discardThresholds,
    ...(config.finishersPlus !== undefined ? { options: { finishersPlus: { dnf: config.finishersPlus.dnf, dnc: config.finishersPlus.dnc } } } : {}),
    representable,
  };
}

function draftRegistration(
  c: SailwaveCompetitor,
  fleet: DraftFleet,
  mf: MappedFleet,
  options: DraftOptions,
  usedSailors: Set<string>,
  cut: (key: TextKey, text: string, line: number) => string,
): DraftRegistration {
  const helm = c.helm.trim();
  // One active entry per sailor in an event: a helm sailing twice (dual scoring) gets a per-record id.
  let userId = helm === '' ? '' : options.stableId(`sailwave-helm:${options.organizationId}:${helm.toLowerCase().replace(/\s+/g, ' ')}`);
  if (userId === '' || usedSailors.has(userId)) userId = options.stableId(`sailwave-record:${fleet.id}:${c.handle}`);
  usedSailors.add(userId);
  const key = RATING_KEY[mf.input.fleet.handicap.kind];
  const ratings: Record<string, number> = {};
  if (key !== undefined && c.rating !== null) ratings[key] = c.rating;
  const crew = c.crew.trim();
  const text = (key: TextKey, value: string): string | null => (value.trim() === '' ? null : cut(key, value.trim(), c.line));
  const boatName = c.boat.trim() !== '' ? cut('compboat', c.boat.trim(), c.line) : cutText(c.boatClass.trim() || c.sailNumber.trim() || `Boat ${c.handle}`, REGISTRATION_TEXT.compboat.max);
  return {
    id: options.newId(),
    fleetId: fleet.id,
    boatId: options.newId(),
    userId,
    handle: c.handle,
    boatName,
    sailNumber: text('compsailno', c.sailNumber),
    boatClass: text('compclass', c.boatClass),
    helm: text('comphelmname', helm),
    crew: crew === '' ? [] : [cut('compcrewname', crew, c.line)],
    club: text('compclub', c.club),
    nationality: text('compnat', c.nationality),
    ratings,
    ratingChanges: [],
    sailwave: { rank: c.rank, total: c.total, nett: c.nett, races: [] },
  };
}

/** Seconds after midnight of the start that applies to a fleet (a start selecting its group, else the race's only start). */
function startOf(race: SailwaveRace, group: string, groupField: string): number | null {
  const own = race.starts.find((s) => s.selectors.some((sel) => sel.value === group && (groupField === '' || sel.field.toLowerCase() === groupField.toLowerCase())));
  const start = own ?? (race.starts.length === 1 ? race.starts[0] : undefined);
  if (start === undefined || start.time.trim() === '') return null;
  const m = /^(\d{1,2})[:.]?(\d{2})[:.]?(\d{2})$/.exec(start.time.trim());
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

function dedupe(warnings: SailwaveWarning[]): SailwaveWarning[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const k = `${w.fleet ?? ''}\u0000${w.setting}\u0000${w.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
