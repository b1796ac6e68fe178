/**
 * Like scripts/with-stack.ts, but starts only the webhooks service (fresh database and topics): runs
 * this service's integration tests while the other services are still being built.
 * Usage: STACK_SLOT=4 node --conditions=@regatta/source --import tsx services/webhooks/scripts/with-webhooks-stack.ts <command...>
 */
import { spawn } from 'node:child_process';
import { deleteTopics, infraFromEnv, startStack } from '@regatta/testing';

const command = process.argv.slice(2);
const slot = Number(process.env['STACK_SLOT'] ?? 4);
const stack = await startStack({ slot, databaseName: `regatta_test_${slot}`, only: ['webhooks'] });
const child = spawn(command[0]!, command.slice(1), {
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_GATEWAY_URL: stack.gatewayUrl,
    E2E_DATABASE_URL: stack.databaseUrl,
    E2E_TOPIC_PREFIX: stack.topicPrefix,
    E2E_SERVICE_URLS: JSON.stringify({ webhooks: stack.urlOf('webhooks') }),
  },
});
const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
await stack.stop();
await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
process.exit(code);
