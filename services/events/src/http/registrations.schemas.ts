/** Input of the registration routes. */
import { z } from 'zod';
import { PAYMENT_STATUSES, RATING_KEYS, REGISTRATION_STATUSES } from '@regatta/contracts';
import { MAX_OFFSET } from '@regatta/http';
import { GUEST_LANGUAGES } from '../domain/sailors.js';
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
  // A sailor without an account: the language of the messages sent to that address (default English).
  z.object({ name: nonEmpty(200), email: z.email('must be an email address').max(320), language: z.enum(GUEST_LANGUAGES, { message: `must be one of ${GUEST_LANGUAGES.join(', ')}` }).optional() }).strict(),
]);

/** YYYY-MM-DD; whether it is a real past day is the entry form's rule (entry-form.ts). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

const crewMember = z
  .object({
    name: nonEmpty(200),
    role: text(100).nullable().optional(),
    // World Sailing Sailor ID: letters and digits, e.g. GBRJS12.
    sailorId: z.string().trim().regex(/^[A-Za-z0-9]{3,20}$/, 'must be a World Sailing Sailor ID (3-20 letters and digits)').nullable().optional(),
    dateOfBirth: day.nullable().optional(),
    // A crew member under 18 on the first day: the parent or guardian accepting the waivers for them.
    guardianName: nonEmpty(200).nullable().optional(),
  })
  .strict();

/** The entry form's part of an entry (the organizer's questions and waivers, crew as persons, certificates). */
const entryFormFields = {
  answers: z.record(z.uuid('must be a question id'), z.union([text(2000), z.boolean()], { message: 'must be text or true/false' })).optional(),
  waivers: z
    .record(z.uuid('must be a waiver id'), z.object({ version: z.number().int().min(1), guardianName: nonEmpty(200).optional() }).strict())
    .optional(),
  crewMembers: z.array(crewMember).max(50).optional(),
  dateOfBirth: day.nullable().optional(),
  certificates: z
    .partialRecord(
      z.enum(RATING_KEYS, { message: `rating keys are ${RATING_KEYS.join(', ')}` }),
      z.object({ number: nonEmpty(60), expires: day.nullable().optional() }).strict(),
    )
    .optional(),
};

export const registrationBody = z
  .object({
    ...entryFormFields,
    fleet: nonEmpty(200),
    boat: boatRef,
    sailor: sailorRef.optional(),
    crew: z.array(nonEmpty(200)).max(50).default([]),
    emergencyContact: text(500).nullable().optional(),
    specialRequirements: text(2000).nullable().optional(),
  })
  .strict();

/** Moving an entry to another fleet and/or boat: what entering asks of them (fleet id or name, a boat, certificates). */
export const moveRegistrationBody = z
  .object({ fleet: nonEmpty(200), boat: boatRef, certificates: entryFormFields.certificates.unwrap() })
  .partial()
  .strict()
  .refine((body) => body.fleet !== undefined || body.boat !== undefined, { message: 'name the fleet or the boat to move to' });

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
    ...entryFormFields,
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
