/** Request shapes of the split-series routes, validated at the edge (400 problem naming each field). */
import { z } from 'zod';
import { SPLIT_CARRY_MODES, SPLIT_METHODS } from '../domain/split-series-setup.js';

const id = z.string().trim().min(1).max(200);
const fleetList = (min: number) => z.array(id).min(min).max(20);

export const splitSeriesBody = z.strictObject({
  qualifyingFleets: fleetList(1),
  /** Best first: gold, silver, … */
  finalFleets: fleetList(2),
  carry: z.enum(SPLIT_CARRY_MODES).default('continuous'),
  discardThresholds: z.array(z.number().int().min(1).max(200)).max(20).default([]),
  maxFinalDiscards: z.number().int().min(0).max(20).nullable().default(null),
  medal: z
    .strictObject({
      fleetId: id,
      size: z.number().int().min(2).max(100),
      multiplier: z.number().min(1).max(5).default(2),
    })
    .nullable()
    .default(null),
});

export const splitBody = z.strictObject({
  stage: z.enum(['final', 'medal']).default('final'),
  method: z.enum(SPLIT_METHODS),
  /** manual: every boat (final) or the medal boats; by_rank / alternating (final): moves applied after. */
  assignments: z.array(z.strictObject({ boat: id, fleet: id })).max(1_000).default([]),
});

export const splitStandingsQuery = z.object({ stage: z.enum(['overall', 'qualifying', 'final', 'medal']).default('overall') });
