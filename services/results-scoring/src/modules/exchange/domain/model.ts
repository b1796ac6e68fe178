/**
 * Typed model of a Sailwave series file (`.blw`), as Sailwave stores it: no
 * interpretation beyond naming the fields and reading numbers. The mapping to
 * the scoring engine (to-scoring.ts) decides what each setting means.
 *
 * Every object keeps `raw` (all its keys, as written) and the `line` it was
 * first seen on, so an importer can carry or report fields this model does not
 * name.
 */
import type { SailwaveEncoding } from './reader.js';

/** One `scrcode` row: `code|method|value|discardable|cameToStart|…|systemHandle|…|description`. */
export interface SailwaveCode {
  readonly code: string;
  /** e.g. "Boats in series +", "Boats in race +", "Finishers +", "Score like", "Average (all)", "Set points by hand". */
  readonly method: string;
  readonly value: string;
  /** Field 4: the score may be excluded. */
  readonly discardable: boolean;
  /** Field 5: the boat counts as having come to the starting area. */
  readonly cameToStart: boolean;
  /** Field 12: the boat started. */
  readonly started: boolean;
  /** Field 14: the boat keeps her finishing place (penalties, redress). */
  readonly keepsPlace: boolean;
  readonly systemHandle: string;
  readonly description: string;
  readonly parts: readonly string[];
  readonly line: number;
}

export interface SailwaveScoringSystem {
  readonly handle: string;
  /** null for the root system (scrparent 0). */
  readonly parent: string | null;
  readonly name: string;
  /** Competitor field (Fleet, Class, Division, …) a child system is chosen by. */
  readonly field: string;
  /** Value of `field` that selects this child system. */
  readonly value: string;
  /** Field standings are separated by. */
  readonly sortField: string;
  readonly pointsSystem: string;
  readonly ratingSystem: string;
  /** Discards allowed after 1, 2, 3 … races sailed; null when not set. */
  readonly discardList: readonly number[] | null;
  readonly raceTies: string;
  readonly codes: ReadonlyMap<string, SailwaveCode>;
  readonly raw: Readonly<Record<string, string>>;
  readonly line: number;
}

export interface SailwaveCompetitor {
  readonly handle: string;
  readonly sailNumber: string;
  readonly boat: string;
  readonly helm: string;
  readonly crew: string;
  readonly club: string;
  readonly nationality: string;
  readonly fleet: string;
  readonly division: string;
  readonly boatClass: string;
  readonly rating: number | null;
  readonly newRating: number | null;
  /** Handle of the record this one is paired with in another fleet (dual scoring); null when none. May name a deleted record. */
  readonly aliasOf: string | null;
  /** Sailwave's "exclude from results". */
  readonly excluded: boolean;
  /** Sailwave's stored series result. */
  readonly rank: number | null;
  readonly total: number | null;
  readonly nett: number | null;
  readonly raw: Readonly<Record<string, string>>;
  readonly line: number;
}

/** One `racestart` row: which competitors it starts, when, and how results are entered. */
export interface SailwaveStart {
  /** Pairs of field name and value (e.g. Fleet = "Division A HPH"); empty = every competitor. */
  readonly selectors: readonly { readonly field: string; readonly value: string }[];
  /** Start time as written (`191500`, `19:15:00`, `11.05.00`), '' when none. */
  readonly time: string;
  /** "Place", "Finish time", "Elapsed time", … */
  readonly method: string;
  readonly name: string;
  readonly raw: string;
}

export interface SailwaveRace {
  readonly handle: string;
  /** Order of the race in the series (racerank). */
  readonly order: number;
  readonly name: string;
  readonly date: string;
  readonly sailed: boolean;
  readonly starts: readonly SailwaveStart[];
  readonly raw: Readonly<Record<string, string>>;
  readonly line: number;
}

export interface SailwaveResult {
  readonly comp: string;
  readonly race: string;
  /** rrestyp: 0 none, 1 place, 2/4 timed, 3 coded. */
  readonly type: number;
  /** rpos: Sailwave's computed result, the boat's rank in her fleet by race points (equal points share it). */
  readonly position: number | null;
  /**
   * rrecpos: the place as the scorer entered it. Counted across the whole start when fleets share one
   * (gaps and the same number in two fleets are normal); null when absent or 0 (the platform's own
   * files before they wrote it).
   */
  readonly recordedPosition: number | null;
  readonly points: number | null;
  readonly code: string;
  readonly finishTime: string;
  readonly startTime: string;
  readonly elapsed: string;
  readonly corrected: string;
  /** The rating Sailwave applied in this race (rrat). */
  readonly ratingApplied: number | null;
  readonly discarded: boolean;
  readonly raw: Readonly<Record<string, string>>;
  readonly line: number;
}

export interface SailwaveFile {
  readonly encoding: SailwaveEncoding;
  readonly version: string | null;
  readonly event: string;
  readonly venue: string;
  /** Every `ser*` key. */
  readonly series: Readonly<Record<string, string>>;
  /** serscoringhandle: the root scoring system. */
  readonly scoringHandle: string | null;
  readonly scoringSystems: ReadonlyMap<string, SailwaveScoringSystem>;
  readonly competitors: readonly SailwaveCompetitor[];
  /** In race order. */
  readonly races: readonly SailwaveRace[];
  readonly results: readonly SailwaveResult[];
  /** Publishing layout rows (`column`), as written. */
  readonly columns: readonly string[];
  /** Prize rows, as written. */
  readonly prizes: readonly string[];
  /** Result cells naming a competitor or race the file no longer defines (Sailwave keeps deleted ones' cells). */
  readonly orphanResults: readonly { readonly comp: string; readonly race: string; readonly line: number }[];
  /** Records with a key the model does not place (kept for the importer's report). */
  readonly unknown: readonly { readonly key: string; readonly line: number }[];
}
