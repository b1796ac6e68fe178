/** Input of the series routes. */
import { z } from 'zod';
import { SERIES_SCORING_RULES } from '@regatta/contracts';
import { MAX_OFFSET, queryInt } from '@regatta/http';
import { intParam, nonEmpty, oneOf, text } from './schemas.js';

export const createSeriesBody = z
  .object({
    organization: nonEmpty(200),
    name: nonEmpty(200),
    description: text(5000).nullable().optional(),
    year: z.number().int().min(1900).max(2200),
    events: z.array(nonEmpty(200)).min(1, 'a series spans at least one event').max(100),
    scoringRule: oneOf(SERIES_SCORING_RULES).default('sum_of_net'),
    bestOf: z.number().int().min(1).max(100).nullable().optional(),
  })
  .strict();

export const listSeriesQuery = z.object({
  limit: intParam(1, 100, 20),
  offset: intParam(0, MAX_OFFSET, 0),
  // The document's bounds: a year of four digits, 1000..9999.
  year: queryInt(1000, 9999).optional(),
  org: z.string().trim().min(1).max(200).optional(),
});
