/** Input of PUT /events/{slug}/overall: the fleets an overall result combines and how it ranks them. */
import { HANDICAP_SYSTEMS, OVERALL_METHODS, OVERALL_POINTS_FORMULAS } from '@regatta/contracts';
import { z } from 'zod';

export const overallBody = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  /** Fleet ids (or names) of the event, at least one. */
  fleets: z.array(z.string().trim().min(1).max(200)).min(1).max(50),
  method: z.enum(OVERALL_METHODS).default('corrected_time'),
  /** corrected_time: the system every boat is corrected with (default: the fleets' common system). */
  handicap: z
    .strictObject({
      system: z.enum(HANDICAP_SYSTEMS),
      params: z.record(z.string(), z.number().finite()).optional(),
    })
    .nullable()
    .optional(),
  pointsFormula: z.enum(OVERALL_POINTS_FORMULAS).default('net'),
  /** corrected_time: discards of the overall series (never every race). */
  dropRaces: z.number().int().min(0).max(50).default(0),
});
