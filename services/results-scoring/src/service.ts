/**
 * Results-scoring's composition root: results, standings, revisions and publication routes, the
 * projections consumer, and the background pass that makes results official when their protest time
 * limit has passed; the protests module (modules/protests) and the Sailwave exchange
 * (modules/exchange, imported by nothing else) are wired here.
 * Resources: the ports the use cases ask through (app/resources.ts), answered by the protests module.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@regatta/runtime';
import { resultsEnv } from './config.js';
import { decisionsInForce } from './modules/protests/app/decisions-in-force.js';
import { openHearings } from './modules/protests/app/open-hearings.js';
import type { ResultsResources } from './modules/results/app/resources.js';
import { officialTask } from './modules/results/app/official-task.js';
import { IMPORT_PATHS, importsRoutes } from './modules/exchange/http/imports.routes.js';
import { overallRoutes } from './modules/series/http/overall.routes.js';
import { protestsRoutes } from './modules/protests/http/protests.routes.js';
import { publicationRoutes } from './modules/results/http/publication.routes.js';
import { resultsRoutes } from './modules/results/http/results.routes.js';
import { revisionsRoutes } from './modules/results/http/revisions.routes.js';
import { previewRoutes } from './modules/results/http/preview.routes.js';
import { sailwaveExportRoutes } from './modules/exchange/http/sailwave-export.routes.js';
import { splitRoutes } from './modules/series/http/split.routes.js';
import { standingsRoutes } from './modules/results/http/standings.routes.js';
import { seriesStandingsRoutes } from './modules/series/http/series-standings.routes.js';
import { captureConsumer } from './modules/results/messaging/capture.consumer.js';
import { tallyConsumer } from './modules/tally/messaging/tally.consumer.js';
import { organizationsConsumer } from './modules/projections/messaging/organizations.consumer.js';
import { projectionsConsumer } from './modules/projections/messaging/projections.consumer.js';

export const definition: ServiceDefinition<typeof resultsEnv, ResultsResources> = {
  name: 'results-scoring',
  version: process.env['npm_package_version'] ?? '0.1.0',
  defaultPort: 4104,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: resultsEnv,
  // The Sailwave import reads its body as a stream (the file itself, not JSON).
  rawBodyPaths: IMPORT_PATHS,
  setup: () => ({
    // The protest room's query: cases lodged or scheduled and not yet decided hold results provisional.
    openHearings,
    // The protest room's decisions stay in force on top of a resubmitted or previewed finishing record.
    decisionsInForce,
  }),
  routes: (context, resources) => [...resultsRoutes(context, resources), ...standingsRoutes(context), ...seriesStandingsRoutes(context), ...revisionsRoutes(context), ...previewRoutes(context, resources), ...publicationRoutes(context, resources), ...protestsRoutes(context), ...sailwaveExportRoutes(context), ...importsRoutes(context), ...splitRoutes(context), ...overallRoutes(context)],
  consumers: (context) => [projectionsConsumer(context), organizationsConsumer(), captureConsumer(context), tallyConsumer(context)],
  background: (context, resources) => [officialTask(context, resources)],
};
