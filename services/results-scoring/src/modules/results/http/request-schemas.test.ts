import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { documentedRequestDifferences } from '@regatta/openapi';
import { overallBody } from '../../series/http/overall.schemas.js';
import { decideBody, lodgeProtestBody, scheduleHearingBody, withdrawBody } from '../../protests/http/protests.schemas.js';
import { submitResultsBody } from './results.schemas.js';
import { officialBody, protestTimeLimitBody, publishBody, revertBody } from './revisions.schemas.js';
import { splitBody, splitSeriesBody } from '../../series/http/split.schemas.js';

/** The parser's input as JSON Schema, compared with the document's request body (the document is the source). */
const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

test('the request bodies parsed here are the ones the OpenAPI document states', () => {
  const parsers = {
    submitRaceResults: input(submitResultsBody),
    revertRaceResults: input(revertBody),
    postFleetResults: input(publishBody),
    makeFleetResultsOfficial: input(officialBody),
    setProtestTimeLimit: input(protestTimeLimitBody),
    lodgeProtest: input(lodgeProtestBody),
    scheduleHearing: input(scheduleHearingBody),
    withdrawProtest: input(withdrawBody),
    decideProtest: input(decideBody),
    defineOverallResult: input(overallBody),
    defineSplitSeries: input(splitSeriesBody),
    splitFleets: input(splitBody),
  };
  assert.deepEqual(documentedRequestDifferences(parsers), []);
});
