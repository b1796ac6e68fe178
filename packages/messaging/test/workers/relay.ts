// A relay process: publishes the producer schema's outbox until killed.
import { OutboxRelay } from '../../src/index.js';
import { workerContext } from './common.js';

const { logger, pool, kafka, schema, topicPrefix } = workerContext('relay');
const relay = new OutboxRelay({ pool, kafka, logger, schema, topicPrefix, batchSize: 25, pollIntervalMs: 50 });
await relay.start();
process.stdout.write('ready\n');
