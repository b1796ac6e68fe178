/** Input of PUT /events/{slug}/registrations/{id}/ratings (a rating in force from a race on). */
import { z } from 'zod';
import { HANDICAP_SYSTEMS } from '@regatta/contracts';
import { oneOf } from './schemas.js';

export const ratingChangeBody = z
  .object({
    system: oneOf(HANDICAP_SYSTEMS),
    value: z.number().finite(),
    fromRace: z.number().int().min(1, 'must be at least 1').max(10_000),
  })
  .strict();
