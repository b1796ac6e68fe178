import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import type * as KafkaJS from 'kafkajs';
import { brokerRejection, producerStateLost } from './broker-rejection.js';

// kafkajs is CommonJS and spreads its error classes into exports, which ESM named imports do not see.
const { KafkaJSNonRetriableError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } = createRequire(import.meta.url)('kafkajs') as typeof KafkaJS;

const protocol = (type: string, retriable: boolean) => new KafkaJSProtocolError(Object.assign(new Error(type), { type, code: 0, retriable }));

test('a broker refusal for good is recognised, bare or wrapped by kafkajs', () => {
  assert.equal(brokerRejection(protocol('MESSAGE_TOO_LARGE', false)), 'MESSAGE_TOO_LARGE');
  assert.equal(brokerRejection(protocol('INVALID_RECORD', false)), 'INVALID_RECORD');
  assert.equal(brokerRejection(Object.assign(new KafkaJSNonRetriableError('wrapped'), { cause: protocol('RECORD_LIST_TOO_LARGE', false) })), 'RECORD_LIST_TOO_LARGE');
});

test('retriable errors and errors about the producer, topic or cluster are not a refusal of the message', () => {
  assert.equal(brokerRejection(protocol('LEADER_NOT_AVAILABLE', true)), undefined);
  assert.equal(brokerRejection(protocol('NOT_ENOUGH_REPLICAS', true)), undefined);
  assert.equal(brokerRejection(protocol('TOPIC_AUTHORIZATION_FAILED', false)), undefined);
  assert.equal(brokerRejection(protocol('INVALID_TIMESTAMP', false)), undefined);
  assert.equal(brokerRejection(new KafkaJSNumberOfRetriesExceeded(new Error('Connection error'), { retryCount: 5, retryTime: 1000 })), undefined);
  assert.equal(brokerRejection(new Error('MESSAGE_TOO_LARGE')), undefined);
  assert.equal(brokerRejection(undefined), undefined);
});

test('a stale idempotent producer is recognised', () => {
  assert.equal(producerStateLost(protocol('OUT_OF_ORDER_SEQUENCE_NUMBER', false)), true);
  assert.equal(producerStateLost(protocol('MESSAGE_TOO_LARGE', false)), false);
});
