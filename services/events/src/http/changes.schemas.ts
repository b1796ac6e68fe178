/**
 * Input of the change routes (complete resources). Each PATCH body is its creation schema made partial WITHOUT
 * the creation defaults (a field not sent is no change, never "back to the default"), so a set-up option
 * added to fleet creation is accepted by PATCH as well: one set-up schema.
 */
import { z } from 'zod';
import { DOCUMENT_KINDS, SERIES_SCORING_RULES } from '@regatta/contracts';
import { SCHEDULE_STATUSES } from '../domain/resource-rules.js';
import { createDocumentBody, createFleetBody, createRaceBody } from './events.schemas.js';
import { nonEmpty, oneOf, text } from './schemas.js';

type Shape = Record<string, z.ZodType>;

/** Every field optional, with no default applied. */
function changesOf<S extends Shape>(shape: S, omit: readonly string[] = []) {
  const fields: Shape = {};
  for (const [name, schema] of Object.entries(shape)) {
    if (omit.includes(name)) continue;
    const bare = schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
    fields[name] = bare.optional();
  }
  return fields;
}

export const updateFleetBody = z.object(changesOf(createFleetBody.shape)).strict();

export const updateRaceBody = z
  .object({
    ...changesOf(createRaceBody.shape, ['fleetId', 'raceNumber']),
    status: oneOf(SCHEDULE_STATUSES).optional(),
  })
  .strict();

// The creation fields (zod 4 keeps the shape on the refined object); the url-or-body rule is checked
// against the version in force by the use case.
export const amendDocumentBody = z
  .object({
    ...changesOf(createDocumentBody.shape),
    kind: oneOf(DOCUMENT_KINDS).optional(),
    note: text(2000).nullable().optional(),
  })
  .strict();

export const withdrawDocumentQuery = z.object({ reason: text(2000).optional() });

export const cancelEventBody = z.object({ reason: text(2000).nullable().optional() }).strict();

export const updateSeriesBody = z
  .object({
    name: nonEmpty(200).optional(),
    description: text(5000).nullable().optional(),
    events: z.array(nonEmpty(200)).min(1, 'a series spans at least one event').max(100).optional(),
    scoringRule: oneOf(SERIES_SCORING_RULES).optional(),
    bestOf: z.number().int().min(1).max(100).nullable().optional(),
  })
  .strict();
