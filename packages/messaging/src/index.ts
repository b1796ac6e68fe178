export * from './kafka.js';
export * from './outbox.js';
export * from './consumer.js';
export * from './broker-rejection.js';

import { fileURLToPath } from 'node:url';

/** The messaging tables' migrations, applied by every service next to its own. */
export const messagingMigrationsDir = fileURLToPath(new URL('../migrations', import.meta.url));
