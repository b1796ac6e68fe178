/** Request validation of the capture routes (every bad field is named in the 400 problem). */
import { z } from 'zod';
import { queryInt } from '@regatta/http';
import { FINISH_KINDS, SIGNAL_KINDS, WATER_CODES } from '../domain/records.js';

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const id = z.guid({ message: 'must be a UUID' }).transform((value) => value.toLowerCase());
const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with its offset' }).transform((value) => new Date(value));
const offset = z.number().int('must be an integer').min(-86_400_000).max(86_400_000);

export const signalBody = z.strictObject({
  id,
  startId: id,
  raceIds: z.array(id).min(1, 'must name at least one race').max(20, 'at most 20 races'),
  kind: z.enum(SIGNAL_KINDS, { message: `must be one of ${SIGNAL_KINDS.join(', ')}` }),
  at: instant,
  deviceAt: instant.optional(),
  clockOffsetMs: offset.optional(),
  sailNumbers: z.array(text(40)).max(200).optional(),
  recorderLabel: text(80).optional(),
  note: text(500).optional(),
});

export const finishBody = z.strictObject({
  id,
  raceId: id,
  kind: z.enum(FINISH_KINDS, { message: `must be one of ${FINISH_KINDS.join(', ')}` }),
  sailNumber: text(40).optional(),
  registrationId: id.optional(),
  code: z.enum(WATER_CODES, { message: `must be one of ${WATER_CODES.join(', ')}` }).optional(),
  at: instant.optional(),
  deviceAt: instant.optional(),
  clockOffsetMs: offset.optional(),
  replaces: id.optional(),
  recorderLabel: text(80).optional(),
  note: text(500).optional(),
});

export const syncBody = z.strictObject({
  records: z
    .array(
      z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('signal'), record: signalBody }),
        z.strictObject({ type: z.literal('finish'), record: finishBody }),
      ]),
    )
    .max(500, 'at most 500 records per request'),
});

export const finishTimesBody = z.strictObject({
  importId: id,
  raceId: id,
  csv: z.string().max(200_000, 'must be at most 200000 characters').refine((value) => value.trim().length > 0, 'must not be empty'),
  recorderLabel: text(80).optional(),
});

export const reconciliationQuery = z.object({ toleranceMs: queryInt(0, 600_000).default(2_000) });

export const enrolmentBody = z.strictObject({
  label: text(80).optional(),
  validFrom: instant.optional(),
  validUntil: instant.optional(),
});

export const redeemBody = z.strictObject({ code: text(200), label: text(80).optional() });
