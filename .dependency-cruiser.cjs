/**
 * Import rules of the platform (docs/conventions.md, "The inside of a service"), checked by
 * dependency-cruiser in `npm test` (stage "imports": `bash scripts/check-imports.sh`). A violation
 * fails the run.
 *
 * Inside a service: http → app → {domain, store, facts}; messaging → app; domain imports nothing with
 * I/O; facts/ (outbound fact builders) import only domain/ and the contracts; adapters/ (outbound
 * clients to other services, hubs, caches) are reached only from the composition root and implement
 * ports app/ declares (type-only imports of app/); no service imports another service's code; no
 * cycles anywhere. service.ts, main.ts and migrate.ts are the composition root and may import every
 * layer.
 *
 * A service may group its capabilities into modules (src/modules/<name>/), each with the same inside;
 * every layer rule holds for src/<layer>/ and src/modules/<name>/<layer>/ alike. In results-scoring
 * (modules shared, results, series, protests, exchange, projections): shared imports no other module;
 * nothing but service.ts imports the Sailwave exchange module or the projections module; the results
 * module never imports the protests module (it asks through the ports of its app/resources.ts, wired in
 * service.ts) and reaches the series module only from the unit of work's fleet store (a fleet's
 * standings moved: its series' standings follow in the same transaction).
 * The scoring engine (packages/scoring-engine) imports nothing outside its own files.
 */
/** A layer at the top of a service's src/ or inside one of its modules. */
const IN_LAYER = (names) => `^services/[^/]+/src/((${names})|modules/[^/]+/(${names}))/`;
const LAYER = (name) => IN_LAYER(name);
const RESULTS_SCORING = '^services/results-scoring/src/';
const IO_MODULES = ['pg', 'kafkajs', 'ioredis', 'express', 'undici', 'pino', 'rate-limiter-flexible', 'jsonwebtoken'];
const IO_PACKAGES = ['@regatta/db', '@regatta/messaging', '@regatta/http', '@regatta/runtime', '@regatta/logging', '@regatta/config'];
const IO_CORE = ['fs', 'fs/promises', 'net', 'http', 'https', 'http2', 'child_process', 'dgram', 'dns', 'tls', 'cluster', 'worker_threads'];

/** A rule that `from` layer must not import `to` layer (same service). */
const notLayer = (from, to, why) => ({
  name: `${from}-not-to-${to}`,
  comment: why,
  severity: 'error',
  from: { path: LAYER(from) },
  to: { path: LAYER(to) },
});

/**
 * Rules `<layer>-is-pure` and `<layer>-no-io-core`: `layer` imports only the layers `allowed`
 * (a regular-expression alternation) of its own service, no driver, no I/O package and no I/O core
 * module.
 */
const pureLayer = (layer, allowed, why) => [
  {
    name: `${layer}-is-pure`,
    comment: why,
    severity: 'error',
    from: { path: LAYER(layer) },
    to: {
      path: [
        `^services/[^/]+/src/(?!(${allowed})/|modules/[^/]+/(${allowed})/)`,
        ...IO_MODULES.map((name) => `(^|/)node_modules/${name}/`),
        ...IO_PACKAGES.map((name) => `^packages/${name.replace('@regatta/', '')}/`),
      ],
    },
  },
  {
    name: `${layer}-no-io-core`,
    comment: `${layer}/ must not touch files, sockets or processes.`,
    severity: 'error',
    from: { path: LAYER(layer) },
    to: { dependencyTypes: ['core'], path: `^(node:)?(${IO_CORE.join('|')})$` },
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle ties modules together so that neither can be read, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cross-service',
      comment: 'Services share facts over Kafka and the contracts package, never code.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'no-service-from-shared',
      comment: 'Shared packages and the gateway are infrastructure; they must not depend on a service.',
      severity: 'error',
      from: { path: '^(packages|gateway)/' },
      to: { path: '^services/' },
    },
    {
      name: 'scoring-engine-self-contained',
      comment: 'The scoring engine is pure rules of Appendix A: it imports nothing but its own files (no service, no other package, no I/O), so the service and the conformance runner score alike.',
      severity: 'error',
      from: { path: '^packages/scoring-engine/src/' },
      to: { pathNot: '^packages/scoring-engine/src/' },
    },
    ...pureLayer('domain', 'domain', 'domain/ holds rules without I/O: no other layer of the service, no driver, no I/O package.'),
    notLayer('http', 'store', 'Routes call a use case in app/; the use case owns the transaction and the SQL.'),
    notLayer('http', 'messaging', 'Routes call a use case in app/, never a consumer.'),
    notLayer('app', 'http', 'Use cases know nothing of HTTP; routes map their output.'),
    notLayer('store', 'http', 'SQL knows nothing of HTTP.'),
    notLayer('store', 'app', 'SQL is called by use cases, not the other way round.'),
    notLayer('store', 'messaging', 'SQL is called by use cases, not by consumers directly.'),
    notLayer('messaging', 'http', 'Consumers call use cases in app/.'),
    notLayer('messaging', 'store', 'Consumers call use cases in app/, which own the transaction.'),
    ...pureLayer('facts', 'facts|domain', 'facts/ turns domain records into the facts a use case records in its outbox: domain/ and the contracts only, no I/O.'),
    notLayer('http', 'facts', 'Routes call a use case; the use case records its facts.'),
    notLayer('messaging', 'facts', 'Consumers call a use case; the use case records its facts.'),
    notLayer('store', 'facts', 'SQL stores the facts it is given; it does not build them.'),
    {
      name: 'adapters-from-composition-root',
      comment: 'Outbound adapters are built in service.ts and handed to use cases as the ports app/ declares; no layer imports one.',
      severity: 'error',
      from: { path: IN_LAYER('http|app|domain|store|messaging|facts') },
      to: { path: LAYER('adapters') },
    },
    {
      name: 'adapters-outbound-only',
      comment: 'An adapter talks to the outside for app/: it implements a port of app/ (type-only import) and may use domain/, never routes, consumers, SQL or fact builders.',
      severity: 'error',
      from: { path: LAYER('adapters') },
      to: { path: IN_LAYER('http|messaging|store|facts') },
    },
    {
      name: 'adapters-port-types-only',
      comment: 'An adapter implements a port of app/: it imports its types, never a use case.',
      severity: 'error',
      from: { path: LAYER('adapters') },
      to: { path: LAYER('app'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'exchange-from-composition-root',
      comment: 'The Sailwave exchange (import and export) is a door in and out of results-scoring: only service.ts wires it; no capability depends on it.',
      severity: 'error',
      from: { path: RESULTS_SCORING, pathNot: `${RESULTS_SCORING}(modules/exchange/|service\\.ts$)` },
      to: { path: `${RESULTS_SCORING}modules/exchange/` },
    },
    {
      name: 'results-not-to-protests',
      comment: 'Results ask the protest room through the ports of app/resources.ts (openHearings, decisionsInForce), wired in service.ts; they never import the protests module.',
      severity: 'error',
      from: { path: `${RESULTS_SCORING}modules/results/` },
      to: { path: `${RESULTS_SCORING}modules/protests/` },
    },
    {
      name: 'results-shared-kernel',
      comment: 'modules/shared holds what every capability of results-scoring reads (the vocabulary records, the engine adapters, access, locks, the projected tables); it imports no other module.',
      severity: 'error',
      from: { path: `${RESULTS_SCORING}modules/shared/` },
      to: { path: `${RESULTS_SCORING}modules/(?!shared/)` },
    },
    {
      name: 'projections-from-composition-root',
      comment: 'The projections module keeps the copies of other services\' facts and re-scores after set-up changes; only service.ts wires its consumers, no capability depends on it.',
      severity: 'error',
      from: { path: RESULTS_SCORING, pathNot: `${RESULTS_SCORING}(modules/projections/|service\\.ts$)` },
      to: { path: `${RESULTS_SCORING}modules/projections/` },
    },
    {
      name: 'results-to-series-via-unit-of-work',
      comment: 'Series are built on the fleets\' results; the results module reaches the series module only where a unit of work\'s moved standings make the series\' standings follow (app/unit-of-work/fleet-store.ts).',
      severity: 'error',
      from: { path: `${RESULTS_SCORING}modules/results/`, pathNot: `${RESULTS_SCORING}modules/results/app/unit-of-work/fleet-store\\.ts$` },
      to: { path: `${RESULTS_SCORING}modules/series/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|gen)/|\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@regatta/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.js'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
