/**
 * Starts the shared test stack (all services and the gateway, fresh database, fresh topic prefix),
 * runs the given command with E2E_* variables pointing at it, stops the stack, exits with the
 * command's status.
 */
import { spawn } from 'node:child_process';
import { deleteTopics, infraFromEnv, startStack } from '@regatta/testing';

const command = process.argv.slice(2);
if (command.length === 0) {
  process.stderr.write('usage: with-stack.ts <command...>\n');
  process.exit(2);
}
// STACK_SLOT lets several stacks run side by side (ports + 1000 * slot, own database and topics).
const slot = Number(process.env['STACK_SLOT'] ?? 0);
const stack = await startStack({
  slot,
  databaseName: slot === 0 ? 'regatta_test' : `regatta_test_${slot}`,
  env: { RATE_LIMIT_DEFAULT: process.env['RATE_LIMIT_DEFAULT'] ?? '100000', PUBLIC_RATE_LIMIT_PER_MINUTE: process.env['PUBLIC_RATE_LIMIT_PER_MINUTE'] ?? '1000000' },
});
const child = spawn(command[0]!, command.slice(1), {
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_GATEWAY_URL: stack.gatewayUrl,
    E2E_DATABASE_URL: stack.databaseUrl,
    E2E_TOPIC_PREFIX: stack.topicPrefix,
    E2E_SERVICE_URLS: JSON.stringify(Object.fromEntries(['identity', 'organizations', 'events', 'results-scoring', 'sailors', 'webhooks', 'public-results', 'race-capture', 'notifications'].map((name) => [name, stack.urlOf(name as never)]))),
  },
});
// Stopping the runner stops the command and the stack, so no service outlives it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    child.kill(signal);
  });
}
const code = await new Promise<number>((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
await stack.stop();
await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
process.exit(code);
