/**
 * Handicap systems: corrected time per boat.
 *
 * Every corrected time is rounded half-up to the whole second before ranking;
 * equal rounded corrected times are ties (RRS A7), which is what the
 * corrected-time-rounding oracle scenario pins.
 */
import { roundHalfUp } from './numbers.js';
import type { NhcProfile } from './progressive.js';

/** One-design / pursuit: finishing order decides, no correction. */
export interface OneDesign { readonly kind: 'one_design' }
/** PHRF time-on-distance: corrected = elapsed − rating (s/nm) × distance (nm). */
export interface PhrfTimeOnDistance { readonly kind: 'phrf_tod' }
/** PHRF time-on-time: corrected = elapsed × A / (B + rating). Defaults A = 650, B = 550. */
export interface PhrfTimeOnTime { readonly kind: 'phrf_tot'; readonly a?: number; readonly b?: number }
/** IRC: corrected = elapsed × TCC. */
export interface Irc { readonly kind: 'irc' }
/** VPRS: corrected = elapsed × TCC (same arithmetic as IRC). */
export interface Vprs { readonly kind: 'vprs' }
/** ORC time-on-distance: corrected = elapsed − allowance (s/nm, e.g. GPH or a ToD option) × distance. */
export interface OrcTimeOnDistance { readonly kind: 'orc_tod' }
/** ORC time-on-time: corrected = elapsed × ToT. */
export interface OrcTimeOnTime { readonly kind: 'orc_tot' }
/** RYA Portsmouth Number: corrected = elapsed × 1000 / PN. */
export interface PortsmouthRya { readonly kind: 'portsmouth_rya' }
/** US Sailing D-PN: corrected = elapsed × 100 / D-PN. */
export interface PortsmouthUs { readonly kind: 'portsmouth_us' }
/** NHC (SWNHC2015 / Sailwave NHC1): progressive TCF, corrected = elapsed × TCF. */
export interface Nhc { readonly kind: 'nhc'; readonly profile?: Partial<NhcProfile> }
/** ECHO (Irish Sailing): progressive TCF, corrected = elapsed × TCF; α default 0.25. */
export interface Echo { readonly kind: 'echo'; readonly alpha?: number; readonly minFinishers?: number }

export type HandicapSystem =
  | OneDesign
  | PhrfTimeOnDistance
  | PhrfTimeOnTime
  | Irc
  | Vprs
  | OrcTimeOnDistance
  | OrcTimeOnTime
  | PortsmouthRya
  | PortsmouthUs
  | Nhc
  | Echo;

export type HandicapKind = HandicapSystem['kind'];

export const PHRF_TOT_DEFAULT_A = 650;
export const PHRF_TOT_DEFAULT_B = 550;

export function isProgressive(system: HandicapSystem): system is Nhc | Echo {
  return system.kind === 'nhc' || system.kind === 'echo';
}

/** True when the system ranks by corrected time (everything but one-design). */
export function usesTime(system: HandicapSystem): boolean {
  return system.kind !== 'one_design';
}

/** True when the system needs a course distance. */
export function needsDistance(system: HandicapSystem): boolean {
  return system.kind === 'phrf_tod' || system.kind === 'orc_tod';
}

export class HandicapError extends Error {}

/**
 * Unrounded corrected time in seconds.
 * @param rating the boat's rating for this race in the system's own unit
 *   (TCC/TCF/ToT factor, PN, D-PN, PHRF seconds per mile, ORC seconds per mile).
 */
export function correctedTimeExact(
  system: HandicapSystem,
  elapsedSeconds: number,
  rating: number,
  distanceNm?: number,
): number {
  switch (system.kind) {
    case 'one_design':
      return elapsedSeconds;
    case 'irc':
    case 'vprs':
    case 'orc_tot':
    case 'nhc':
    case 'echo':
      return elapsedSeconds * rating;
    case 'portsmouth_rya':
      return (elapsedSeconds * 1000) / rating;
    case 'portsmouth_us':
      return (elapsedSeconds * 100) / rating;
    case 'phrf_tot': {
      const a = system.a ?? PHRF_TOT_DEFAULT_A;
      const b = system.b ?? PHRF_TOT_DEFAULT_B;
      return (elapsedSeconds * a) / (b + rating);
    }
    case 'phrf_tod':
    case 'orc_tod': {
      if (distanceNm === undefined || !(distanceNm > 0)) {
        throw new HandicapError(`${system.kind} needs the course distance`);
      }
      return elapsedSeconds - rating * distanceNm;
    }
  }
}

/** Corrected time rounded half-up to the whole second — the value races are ranked on. */
export function correctedTime(
  system: HandicapSystem,
  elapsedSeconds: number,
  rating: number,
  distanceNm?: number,
): number {
  return roundHalfUp(correctedTimeExact(system, elapsedSeconds, rating, distanceNm), 0);
}

/** The time-correction factor a rating amounts to, where the system has one (for display). */
export function timeFactor(system: HandicapSystem, rating: number): number | null {
  switch (system.kind) {
    case 'irc':
    case 'vprs':
    case 'orc_tot':
    case 'nhc':
    case 'echo':
      return rating;
    case 'portsmouth_rya':
      return 1000 / rating;
    case 'portsmouth_us':
      return 100 / rating;
    case 'phrf_tot':
      return (system.a ?? PHRF_TOT_DEFAULT_A) / ((system.b ?? PHRF_TOT_DEFAULT_B) + rating);
    case 'one_design':
    case 'phrf_tod':
    case 'orc_tod':
      return null;
  }
}
