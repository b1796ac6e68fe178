/** Input schemas (zod) of every route; parseInput turns failures into 400s naming each field. */
import { z } from 'zod';
import { MAX_OFFSET, queryInt } from '@regatta/http';
import { EVENT_STATUSES, PUBLIC_LIST_STATUSES, normalizeMoney } from '../domain/events.js';
import { HANDICAP_SYSTEMS, PENALTY_BASES, RATING_KEYS, SCORING_SYSTEMS } from '../domain/handicap.js';
import { PAYMENT_STATUSES, REGISTRATION_STATUSES } from '../domain/registrations.js';

const dateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone' }).transform((value) => new Date(value));
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const nonEmpty = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const money = z
  .union([z.string(), z.number()])
  .transform((value, ctx) => {
    const normalized = normalizeMoney(value);
    if (normalized === undefined) {
      ctx.addIssue({ code: 'custom', message: 'must be a non-negative amount with at most 2 decimals, e.g. "125.00"' });
      return z.NEVER;
    }
    return normalized;
  });
const currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD');

/** A query date: YYYY-MM-DD (midnight UTC) or an ISO date-time. */
const queryDate = z.string().transform((value, ctx) => {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const dateTimeOk = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const parsed = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if ((!dateOnly && !dateTimeOk) || Number.isNaN(parsed.getTime()) || (dateOnly && parsed.toISOString().slice(0, 10) !== value)) {
    ctx.addIssue({ code: 'custom', message: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time' });
    return z.NEVER;
  }
  return parsed;
});

const intParam = (min: number, max: number, fallback: number) =>
  queryInt(min, max)
    .optional()
    .transform((value) => value ?? fallback);

export const listEventsQuery = z.object({
  limit: intParam(1, 100, 20),
  offset: intParam(0, MAX_OFFSET, 0),
  status: z.enum(PUBLIC_LIST_STATUSES, { message: `must be one of ${PUBLIC_LIST_STATUSES.join(', ')}` }).optional(),
  q: z.string().trim().max(200).optional(),
  after: queryDate.optional(),
  before: queryDate.optional(),
  org: z.string().trim().min(1).max(200).optional(),
});

export const INCLUDES = ['fleets', 'registrations', 'races', 'results', 'documents'] as const;
export type Include = (typeof INCLUDES)[number];

export const eventDetailQuery = z.object({
  include: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const names = (value ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name.length > 0);
      const unknown = names.filter((name) => !(INCLUDES as readonly string[]).includes(name));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `unknown include ${unknown.join(', ')}; allowed: ${INCLUDES.join(', ')}` });
        return z.NEVER;
      }
      return new Set(names as Include[]);
    }),
});

export const createEventBody = z
  .object({
    organization: nonEmpty(200),
    name: nonEmpty(200),
    slug: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by "-"')
      .max(100)
      .optional(),
    description: text(5000).nullable().optional(),
    venue: text(300).nullable().optional(),
    address: text(500).nullable().optional(),
    startDate: dateTime,
    endDate: dateTime,
    registrationOpen: dateTime.nullable().optional(),
    registrationClose: dateTime.nullable().optional(),
    entryFee: money.nullable().optional(),
    currency: currency.optional(),
    maxParticipants: z.number().int().min(1, 'must be at least 1').max(100_000).nullable().optional(),
    nor: text(20_000).nullable().optional(),
    sailingInstructions: text(20_000).nullable().optional(),
    settings: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .strict();

/** PUT /events/{slug}: exactly the contract's fields, all optional. */
export const updateEventBody = z
  .object({
    name: z.string().trim().min(1, 'must be 1-200 characters').max(200, 'must be 1-200 characters'),
    description: text(5000),
    venue: text(300),
    address: text(500),
    startDate: dateTime,
    endDate: dateTime,
    registrationOpen: dateTime,
    registrationClose: dateTime,
    maxParticipants: z.number().int('must be an integer').min(1, 'must be at least 1').max(100_000),
    entryFee: money.nullable(),
    nor: text(20_000).nullable(),
    sailingInstructions: text(20_000).nullable(),
    status: z.enum(EVENT_STATUSES, { message: `must be one of ${EVENT_STATUSES.join(', ')}` }),
  })
  .partial()
  .strict();

const ratingsSchema = z.partialRecord(z.enum(RATING_KEYS, { message: `rating keys are ${RATING_KEYS.join(', ')}` }), z.number().finite());

export const createFleetBody = z
  .object({
    name: nonEmpty(100),
    classId: z.uuid().nullable().optional(),
    description: text(2000).nullable().optional(),
    maxBoats: z.number().int().min(1, 'must be at least 1').max(10_000).nullable().optional(),
    scoringSystem: z.enum(SCORING_SYSTEMS, { message: `must be one of ${SCORING_SYSTEMS.join(', ')}` }).default('low_point'),
    dropRaces: z.number().int().min(0).max(50).default(0),
    handicap: z
      .object({
        system: z.enum(HANDICAP_SYSTEMS, { message: `must be one of ${HANDICAP_SYSTEMS.join(', ')}` }),
        params: z.record(z.string(), z.number().finite()).optional(),
      })
      .strict()
      .default({ system: 'one_design' }),
    penaltyBasis: z.enum(PENALTY_BASES, { message: `must be one of ${PENALTY_BASES.join(', ')}` }).default('series_entries'),
    discardThresholds: z.array(z.number().int().min(1).max(200)).max(20).default([]),
  })
  .strict();

export const createRaceBody = z
  .object({
    fleetId: nonEmpty(200),
    name: nonEmpty(100).optional(),
    raceNumber: z.number().int().min(1).max(10_000).optional(),
    scheduledStart: dateTime.nullable().optional(),
    courseDescription: text(2000).nullable().optional(),
    courseDistanceNm: z.number().gt(0, 'must be greater than 0').max(10_000).nullable().optional(),
    weight: z.number().gt(0, 'must be greater than 0').max(10).default(1),
    mustCount: z.boolean().default(false),
    discardFirst: z.boolean().default(false),
    windDirection: z.number().int().min(0).max(360).nullable().optional(),
    windSpeed: z.number().min(0).max(200).nullable().optional(),
    conditions: text(1000).nullable().optional(),
    notes: text(2000).nullable().optional(),
  })
  .strict();

export const DOCUMENT_KINDS = ['nor', 'si', 'amendment', 'notice', 'other'] as const;

export const createDocumentBody = z
  .object({
    kind: z.enum(DOCUMENT_KINDS, { message: `must be one of ${DOCUMENT_KINDS.join(', ')}` }),
    title: nonEmpty(200),
    url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000).nullable().optional(),
    body: text(100_000).nullable().optional(),
  })
  .strict()
  .refine((doc) => Boolean(doc.url) || Boolean(doc.body), { message: 'a document needs a url or a body', path: ['url'] });

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
  status: z.enum(REGISTRATION_STATUSES, { message: `must be one of ${REGISTRATION_STATUSES.join(', ')}` }).optional(),
  fleet: z.string().trim().min(1).max(200).optional(),
});

export const updateRegistrationBody = z
  .object({
    status: z.enum(REGISTRATION_STATUSES, { message: `must be one of ${REGISTRATION_STATUSES.join(', ')}` }),
    paymentStatus: z.enum(PAYMENT_STATUSES, { message: `must be one of ${PAYMENT_STATUSES.join(', ')}` }),
    crew: z.array(nonEmpty(200)).max(50),
    emergencyContact: text(500).nullable(),
    specialRequirements: text(2000).nullable(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'name at least one field to change' });

/** How a series combines its regattas: net points added, or each regatta's place as points (A4-style). */
export const SERIES_SCORING_RULES = ['sum_of_net', 'event_places'] as const;

export const createSeriesBody = z
  .object({
    organization: nonEmpty(200),
    name: nonEmpty(200),
    description: text(5000).nullable().optional(),
    year: z.number().int().min(1900).max(2200),
    events: z.array(nonEmpty(200)).min(1, 'a series spans at least one event').max(100),
    scoringRule: z.enum(SERIES_SCORING_RULES, { message: `must be one of ${SERIES_SCORING_RULES.join(', ')}` }).default('sum_of_net'),
    bestOf: z.number().int().min(1).max(100).nullable().optional(),
  })
  .strict();

export const listSeriesQuery = z.object({
  limit: intParam(1, 100, 20),
  offset: intParam(0, MAX_OFFSET, 0),
  year: z
    .string()
    .regex(/^\d{4}$/, 'must be a four-digit year')
    .transform(Number)
    .optional(),
  org: z.string().trim().min(1).max(200).optional(),
});
