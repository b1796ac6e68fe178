import { runService } from '@regatta/runtime';
import { definition } from './service.js';

await runService(definition);
