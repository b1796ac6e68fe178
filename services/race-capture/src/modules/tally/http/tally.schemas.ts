/** Request validation of the safety tally (every bad field is named in the 400 problem). */
import { z } from 'zod';
import { MOVEMENT_KINDS, SIGN_IN_PENALTIES, SIGN_OUT_PENALTIES } from '../domain/tally.js';

const id = z.guid({ message: 'must be a UUID' }).transform((value) => value.toLowerCase());
const dayText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'must be a date YYYY-MM-DD');

export const dayQuery = z.object({ day: dayText.optional() });
export const dayParams = z.object({ day: dayText });

export const movementBody = z.strictObject({
  id,
  registrationId: id,
  kind: z.enum(MOVEMENT_KINDS, { message: `must be one of ${MOVEMENT_KINDS.join(', ')}` }),
  personsOnBoard: z.number().int('must be an integer').min(1, 'must be at least 1').max(50, 'must be at most 50').optional(),
  persons: z.array(z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters')).max(50, 'at most 50 persons').optional(),
  // When the person tapped (the device's clock); its bounds against the server's are the app's.
  at: z.iso.datetime({ offset: true, message: 'must be a date-time (RFC 3339)' }).transform((value) => new Date(value)).optional(),
});

export const settingsBody = z.strictObject({
  signInDeadline: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time HH:MM').nullable(),
  missedSignOut: z.enum(SIGN_OUT_PENALTIES, { message: `must be one of ${SIGN_OUT_PENALTIES.join(', ')}` }),
  missedSignIn: z.enum(SIGN_IN_PENALTIES, { message: `must be one of ${SIGN_IN_PENALTIES.join(', ')}` }),
  // From 0.1 to 1000 points, kept in tenths as scores are (0.15 is kept as 0.2).
  penaltyPoints: z
    .number()
    .refine((value) => value >= 0.1 && value <= 1000, 'must be 0.1 to 1000 points')
    .transform((value) => Math.round(value * 10) / 10),
});
