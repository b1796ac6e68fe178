import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { queryShape } from '@regatta/http';
import { documentedQueryDifferences, documentedRequestDifferences, queryOperationsOf } from '@regatta/openapi';
import { boatsQuery } from './boats.schemas.js';
import { changeListBody, createListBody, factorBody, listsQuery, publishBody, rankingQuery, sailorQuery, sailorRecordBody } from './rankings.schemas.js';
import { historyQuery } from './sailors.schemas.js';

/** The parser's input as JSON Schema, compared with the document's request body (the document is the source). */
const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

test('the request bodies parsed here are the ones the OpenAPI document states', () => {
  const parsers = { createRanking: input(createListBody), changeRanking: input(changeListBody), setRankingFactor: input(factorBody), publishRanking: input(publishBody), putSailorRecord: input(sailorRecordBody) };
  assert.deepEqual(documentedRequestDifferences(parsers), []);
});

test('the query parameters parsed here are the ones the OpenAPI document states, for every operation of the service that has any', () => {
  const parsers = {
    getRanking: queryShape(rankingQuery),
    getRankingSailor: queryShape(sailorQuery),
    getSailorHistory: queryShape(historyQuery),
    listBoats: queryShape(boatsQuery),
    listRankings: queryShape(listsQuery),
  };
  assert.deepEqual(Object.keys(parsers).sort(), queryOperationsOf('sailors'));
  assert.deepEqual(documentedQueryDifferences(parsers), []);
});
