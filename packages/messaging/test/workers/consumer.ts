// A consumer process: applies organization facts to a projection until killed. The projection counts
// how often each message was applied, so a double application is visible to the test.
import { decodeFact, factPayload } from '@regatta/contracts';
import { FactConsumer } from '../../src/index.js';
import { workerContext } from './common.js';

const { logger, pool, kafka, topicPrefix } = workerContext('consumer');
const consumer = new FactConsumer({
  kafka,
  pool,
  logger,
  groupId: `${topicPrefix}it-projection`,
  topics: ['organizations.v1'],
  topicPrefix,
  handle: async (client, message) => {
    const fact = decodeFact(message.value);
    const organization = factPayload(fact, 'organizationCreated')?.organization;
    if (!organization) throw new Error(`unexpected fact ${fact.type}`);
    // Slow the handler a little so kills land mid-stream.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await client.query(
      `INSERT INTO projection (message_id, organization_id, sequence, applied) VALUES ($1, $2, $3, 1)
       ON CONFLICT (message_id) DO UPDATE SET applied = projection.applied + 1`,
      [fact.id, organization.id, Number(organization.name.split('#')[1])],
    );
    await client.query('UPDATE totals SET applied = applied + 1');
  },
});
await consumer.start();
process.stdout.write('ready\n');
