/** Input of the entry form's routes: the organizer's questions and waivers, and the sailor's own lists. */
import { z } from 'zod';
import { MAX_OFFSET } from '@regatta/http';
import { QUESTION_KINDS } from '../domain/entry-form.js';
import { intParam, nonEmpty, oneOf } from './schemas.js';

const questionFields = {
  kind: oneOf(QUESTION_KINDS),
  label: nonEmpty(300),
  choices: z.array(nonEmpty(100)).max(30),
  required: z.boolean(),
  position: z.number().int().min(1).max(1000),
};

export const createQuestionBody = z
  .object({ ...questionFields, choices: questionFields.choices.default([]), required: questionFields.required.default(false), position: questionFields.position.optional() })
  .strict();

export const updateQuestionBody = z
  .object(questionFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'name at least one field to change' });

const waiverFields = { title: nonEmpty(200), body: nonEmpty(20_000), position: z.number().int().min(1).max(1000) };

export const createWaiverBody = z.object({ ...waiverFields, position: waiverFields.position.optional() }).strict();

export const updateWaiverBody = z
  .object(waiverFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'name at least one field to change' });

export const myEntriesQuery = z.object({ limit: intParam(1, 100, 50), offset: intParam(0, MAX_OFFSET, 0) });
