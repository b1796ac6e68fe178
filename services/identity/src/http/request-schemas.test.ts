import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { queryShape } from '@regatta/http';
import { documentedQueryDifferences, documentedRequestDifferences, queryOperationsOf } from '@regatta/openapi';
import { loginBody, signupBody } from './auth.schemas.js';
import { createEmbedTokenBody, deleteEmbedTokenQuery, listEmbedTokensQuery } from './embed-tokens.schemas.js';
import { createKeyBody, deleteKeyQuery } from './keys.schemas.js';
import { grantBody, roleBody } from './members.schemas.js';

/** The parser's input as JSON Schema, compared with the document's request body (the document is the source). */
const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

test('the request bodies parsed here are the ones the OpenAPI document states', () => {
  const parsers = {
    signUp: input(signupBody),
    logIn: input(loginBody),
    createApiKey: input(createKeyBody),
    createEmbedToken: input(createEmbedTokenBody),
    addMember: input(grantBody),
    changeMemberRole: input(roleBody),
  };
  assert.deepEqual(documentedRequestDifferences(parsers), []);
});

test('the query parameters parsed here are the ones the OpenAPI document states, for every operation of the service that has any', () => {
  const parsers = {
    deactivateEmbedToken: queryShape(deleteEmbedTokenQuery),
    listEmbedTokens: queryShape(listEmbedTokensQuery),
    revokeApiKey: queryShape(deleteKeyQuery),
  };
  assert.deepEqual(Object.keys(parsers).sort(), queryOperationsOf('identity'));
  assert.deepEqual(documentedQueryDifferences(parsers), []);
});
