/** Input of the registration routes. */
import { z } from 'zod';
import { PAYMENT_STATUSES, RATING_KEYS, REGISTRATION_STATUSES } from '@regatta/contracts';
import { MAX_OFFSET } from '@regatta/http';
import { intParam, nonEmpty, oneOf, text } from './schemas.js';

const ratingsSchema = z.partialRecord(z.enum(RATING_KEYS, { message: `rating keys are ${RATING_KEYS.join(', ')}` }), z.number().finite());

const boatRef = z.union([
  z.object({ id: z.uuid('must be a boat id'), ratings: ratingsSchema.optional() }).strict(),
  z
    .object({
      name: nonEmpty(100),
      sailNumber: nonEmpty(30).nullable().optional(),
      model: nonEmpty(100).nullable().optional(),
      ratings: ratingsSchema.optional(),
    })
    .strict(),
]);

const sailorRef = z.union([
  z.object({ userId: z.uuid('must be a user id') }).strict(),
  z.object({ name: nonEmpty(200), email: z.email('must be an email address').max(320) }).strict(),
]);

export const registrationBody = z
  .object({
    fleet: nonEmpty(200),
    boat: boatRef,
    sailor: sailorRef.optional(),
    crew: z.array(nonEmpty(200)).max(50).default([]),
    emergencyContact: text(500).nullable().optional(),
    specialRequirements: text(2000).nullable().optional(),
  })
  .strict();

export const listRegistrationsQuery = z.object({
  limit: intParam(1, 100, 50),
  offset: intParam(0, MAX_OFFSET, 0),
  status: oneOf(REGISTRATION_STATUSES).optional(),
  fleet: z.string().trim().min(1).max(200).optional(),
});

export const updateRegistrationBody = z
  .object({
    status: oneOf(REGISTRATION_STATUSES),
    paymentStatus: oneOf(PAYMENT_STATUSES),
    crew: z.array(nonEmpty(200)).max(50),
    emergencyContact: text(500).nullable(),
    specialRequirements: text(2000).nullable(),
    // The boat as entered in this regatta (organizers); the same limits as when entering.
    boat: z
      .object({ name: nonEmpty(100), sailNumber: nonEmpty(30).nullable(), model: nonEmpty(100).nullable() })
      .partial()
      .strict()
      .refine((boat) => Object.keys(boat).length > 0, { message: 'name at least one of name, sailNumber, model' }),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'name at least one field to change' });
