import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { FORMAT_PARAMETER_SCHEMA } from '@regatta/exports';
import { queryShape } from '@regatta/http';
import { documentedQueryDifferences, documentedRequestDifferences, queryOperationsOf } from '@regatta/openapi';
import { amendDocumentBody, cancelEventBody, updateFleetBody, updateRaceBody, updateSeriesBody, withdrawDocumentQuery } from './changes.schemas.js';
import { myEntriesQuery } from './entry-form.schemas.js';
import { copyEventBody } from './copy.schemas.js';
import { createDocumentBody, createEventBody, createFleetBody, createRaceBody, eventDetailQuery, listEventsQuery, organizationEventsQuery, updateEventBody } from './events.schemas.js';
import { ratingChangeBody } from './ratings.schemas.js';
import { listRegistrationsQuery, registrationBody, updateRegistrationBody } from './registrations.schemas.js';
import { createSeriesBody, listSeriesQuery } from './series.schemas.js';

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

test('the query parameters parsed here are the ones the OpenAPI document states, for every operation of the service that has any', () => {
  const registrations = queryShape(listRegistrationsQuery);
  const parsers = {
    getEvent: queryShape(eventDetailQuery),
    listEvents: queryShape(listEventsQuery),
    listMyRegistrations: queryShape(myEntriesQuery),
    listOrganizationEvents: queryShape(organizationEventsQuery),
    // `format` is read beside the parser by the export negotiation (packages/exports).
    listRegistrations: { ...registrations, properties: { ...(registrations['properties'] as object), format: FORMAT_PARAMETER_SCHEMA } },
    listSeries: queryShape(listSeriesQuery),
    withdrawEventDocument: queryShape(withdrawDocumentQuery),
  };
  assert.deepEqual(Object.keys(parsers).sort(), queryOperationsOf('events'));
  assert.deepEqual(documentedQueryDifferences(parsers), []);
});
