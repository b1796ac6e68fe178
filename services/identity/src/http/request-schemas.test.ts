import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { documentedRequestDifferences } from '@regatta/openapi';
import { loginBody, signupBody } from './auth.schemas.js';
import { createEmbedTokenBody } from './embed-tokens.schemas.js';
import { createKeyBody } from './keys.schemas.js';
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
