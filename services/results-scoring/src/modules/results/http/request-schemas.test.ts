import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { FORMAT_PARAMETER_SCHEMA } from '@regatta/exports';
import { queryShape } from '@regatta/http';
import { documentedQueryDifferences, documentedRequestDifferences, queryOperationsOf } from '@regatta/openapi';
import { importQuery } from '../../exchange/http/imports.schemas.js';
import { splitStandingsQuery } from '../../series/http/split.schemas.js';
import { overallBody } from '../../series/http/overall.schemas.js';
import { decideBody, lodgeProtestBody, protestsQuery, scheduleHearingBody, withdrawBody } from '../../protests/http/protests.schemas.js';
import { resultsQuery, seriesStandingsQuery, standingsQuery, submitResultsBody } from './results.schemas.js';
import { officialBody, protestTimeLimitBody, publishBody, revertBody, revisionsQuery } from './revisions.schemas.js';
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

/** A parser's parameters with `format`, which the export negotiation reads beside it (packages/exports). */
const withFormat = (shape: Record<string, unknown>) => ({ ...shape, properties: { ...(shape['properties'] as object), format: FORMAT_PARAMETER_SCHEMA } });

export const queryParsers = () => ({
  getEventResults: withFormat(queryShape(resultsQuery)),
  getEventStandings: withFormat(queryShape(standingsQuery)),
  getSeriesStandings: withFormat(queryShape(seriesStandingsQuery)),
  getSplitStandings: queryShape(splitStandingsQuery),
  importSailwave: queryShape(importQuery),
  listProtests: queryShape(protestsQuery),
  listResultRevisions: queryShape(revisionsQuery),
});

test('the query parameters parsed here are the ones the OpenAPI document states, for every operation of the service that has any', () => {
  const parsers = queryParsers();
  assert.deepEqual(Object.keys(parsers).sort(), queryOperationsOf('results-scoring'));
  assert.deepEqual(documentedQueryDifferences(parsers), []);
});

test('a query parameter changed on one side only fails the check', () => {
  // The revisions' page size: 1..100 in both; a parser allowing 200, or reading a parameter the document lacks, is named.
  const parsers = queryParsers();
  const drifted = { ...parsers.listResultRevisions, properties: { ...(parsers.listResultRevisions['properties'] as object), limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 }, sort: { type: 'string' } } };
  assert.deepEqual(documentedQueryDifferences({ listResultRevisions: drifted }), [
    'listResultRevisions query: parameters boat,fleet,limit,offset,race in the document, boat,fleet,limit,offset,race,sort in the parser',
    'listResultRevisions query.limit: maximum 100 in the document, 200 in the parser',
  ]);
  assert.deepEqual(documentedQueryDifferences({ getSeriesStandings: withFormat(queryShape(standingsQuery)) }), [
    'getSeriesStandings query: parameters fleet,format,includeDrops in the document, asOf,fleet,format,includeDrops in the parser',
  ]);
});
