/**
 * The parameters each handicap system takes, their ranges and defaults: the events service fills a
 * fleet's parameters from it and refuses values outside, and the console's fleet form shows and
 * checks the same (systems absent here take none).
 */
import type { HandicapSystemName } from './scoring.js';

export interface ParamSpec {
  min: number;
  max: number;
  integer?: boolean;
  default: number;
}

export const HANDICAP_PARAMS: Partial<Record<HandicapSystemName, Record<string, ParamSpec>>> = {
  // corrected = elapsed × A / (B + rating)
  phrf_tot: { a: { min: 1, max: 10_000, default: 650 }, b: { min: 1, max: 10_000, default: 550 } },
  // SWNHC2015 / Sailwave NHC1 profile
  nhc: {
    alphaP: { min: 0, max: 1, default: 0.3 },
    alphaN: { min: 0, max: 1, default: 0.15 },
    alphaPX: { min: 0, max: 1, default: 0.15 },
    alphaNX: { min: 0, max: 1, default: 0.075 },
    sdOver: { min: 0, max: 10, default: 1.5 },
    sdUnder: { min: 0, max: 10, default: 1.0 },
    minFin: { min: 1, max: 100, integer: true, default: 3 },
  },
  // Irish Sailing ECHO
  echo: { alpha: { min: 0, max: 1, default: 0.25 }, minFinishers: { min: 1, max: 100, integer: true, default: 3 } },
};
