/** Input of the event routes: the events themselves, their fleets, races and documents. */
import { z } from 'zod';
import {
  DOCUMENT_KINDS,
  EVENT_STATUSES,
  HANDICAP_SYSTEMS,
  LISTED_EVENT_STATUSES,
  PENALTY_BASES,
  REDRESS_DEFAULT_METHODS,
  SCORING_SYSTEMS,
} from '@regatta/contracts';
import { MAX_OFFSET } from '@regatta/http';
import type { UpdatableEventField } from '../domain/event-fields.js';
import { EVENT_WHEN } from '../domain/organization-events.js';
import { currency, dateTime, intParam, money, nonEmpty, oneOf, queryDate, text } from './schemas.js';

/**
 * The venue's time zone as sent: 1-64 characters. Whether Intl knows the name is the use case's
 * check (400 `unknown_time_zone`, as the protest time limit answers), not a shape error.
 */
const timeZoneName = z.string().min(1, 'must be 1-64 characters').max(64, 'must be 1-64 characters');

export const listEventsQuery = z.object({
  limit: intParam(1, 100, 20),
  offset: intParam(0, MAX_OFFSET, 0),
  status: oneOf(LISTED_EVENT_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  after: queryDate.optional(),
  before: queryDate.optional(),
  org: z.string().trim().min(1).max(200).optional(),
});

/** GET /organizations/{slug}/events: any status, `when` upcoming or past, paged like the public list. */
export const organizationEventsQuery = z.object({
  limit: intParam(1, 100, 20),
  offset: intParam(0, MAX_OFFSET, 0),
  status: oneOf(EVENT_STATUSES).optional(),
  q: z.string().trim().max(200).optional(),
  when: oneOf(EVENT_WHEN).optional(),
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
    timeZone: timeZoneName.nullable().optional(),
  })
  .strict();

/**
 * PUT /events/{slug}: exactly the contract's fields, all optional. Typed against the one definition of
 * updatable fields (domain/event-fields.ts): a field added there and not validated here fails to compile.
 */
const updatableEventFields = {
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
  status: oneOf(EVENT_STATUSES),
  timeZone: timeZoneName.nullable(),
} satisfies Record<UpdatableEventField, z.ZodType>;

export const updateEventBody = z.object(updatableEventFields).partial().strict();

/**
 * The engine's set-up options, each optional and null when unused: the N of the
 * finishers_plus penalty basis, proportional discards (they replace discardThresholds and dropRaces),
 * and the redress defaults. Shared with PATCH (the creation schema made partial).
 */
export const fleetEngineOptions = {
  finishersPlus: z
    .object({ dnf: z.number().int().min(0).max(100), dnc: z.number().int().min(0).max(100) })
    .strict()
    .nullable()
    .optional(),
  proportionalDiscards: z
    .object({ firstAt: z.number().int().min(1).max(200), everyRaces: z.number().int().min(1).max(200) })
    .strict()
    .nullable()
    .optional(),
  redress: z
    .object({ defaultMethod: oneOf(REDRESS_DEFAULT_METHODS).default('average_all'), excludeDnc: z.boolean().default(false) })
    .strict()
    .nullable()
    .optional(),
};

export const createFleetBody = z
  .object({
    name: nonEmpty(100),
    classId: z.uuid().nullable().optional(),
    description: text(2000).nullable().optional(),
    maxBoats: z.number().int().min(1, 'must be at least 1').max(10_000).nullable().optional(),
    scoringSystem: oneOf(SCORING_SYSTEMS).default('low_point'),
    dropRaces: z.number().int().min(0).max(50).default(0),
    handicap: z
      .object({
        system: oneOf(HANDICAP_SYSTEMS),
        params: z.record(z.string(), z.number().finite()).optional(),
      })
      .strict()
      .default({ system: 'one_design' }),
    penaltyBasis: oneOf(PENALTY_BASES).default('series_entries'),
    discardThresholds: z.array(z.number().int().min(1).max(200)).max(20).default([]),
    ...fleetEngineOptions,
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

export const createDocumentBody = z
  .object({
    kind: oneOf(DOCUMENT_KINDS),
    title: nonEmpty(200),
    url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000).nullable().optional(),
    body: text(100_000).nullable().optional(),
  })
  .strict()
  .refine((doc) => Boolean(doc.url) || Boolean(doc.body), { message: 'a document needs a url or a body', path: ['url'] });
