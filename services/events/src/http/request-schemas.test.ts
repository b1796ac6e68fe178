import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { documentedRequestDifferences } from '@regatta/openapi';
import { amendDocumentBody, cancelEventBody, updateFleetBody, updateRaceBody, updateSeriesBody } from './changes.schemas.js';
import { copyEventBody } from './copy.schemas.js';
import { createDocumentBody, createEventBody, createFleetBody, createRaceBody, updateEventBody } from './events.schemas.js';
import { ratingChangeBody } from './ratings.schemas.js';
import { registrationBody, updateRegistrationBody } from './registrations.schemas.js';
import { createSeriesBody } from './series.schemas.js';

/** The parser's input as JSON Schema, compared with the document's request body (the document is the source). */
const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

test('the request bodies parsed here are the ones the OpenAPI document states', () => {
  const parsers = {
    createEvent: input(createEventBody),
    updateEvent: input(updateEventBody),
    cancelEvent: input(cancelEventBody),
    copyEvent: input(copyEventBody),
    createFleet: input(createFleetBody),
    updateFleet: input(updateFleetBody),
    scheduleRace: input(createRaceBody),
    updateRace: input(updateRaceBody),
    addEventDocument: input(createDocumentBody),
    amendEventDocument: input(amendDocumentBody),
    createSeries: input(createSeriesBody),
    updateSeries: input(updateSeriesBody),
    registerForEvent: input(registrationBody),
    updateRegistration: input(updateRegistrationBody),
    changeRegistrationRating: input(ratingChangeBody),
  };
  assert.deepEqual(documentedRequestDifferences(parsers), []);
});
