// Applies this service's migrations and exits: the Helm migration Job and `npm start` run it.
import { migrateService } from '@regatta/runtime';
import { definition } from './service.js';

const applied = await migrateService(definition);
process.stdout.write(`notifications: ${applied.length} migration(s) applied\n`);
