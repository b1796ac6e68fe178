/**
 * The start-up every service shares, so a service's main.ts only names its routes and consumers:
 * config, logger, pool on its own schema, migrations, Kafka relay and consumers, the HTTP app with
 * the identity assertion, readiness checks and graceful shutdown (consumers commit before exit).
 */
import type { Express } from 'express';
import type { Kafka } from 'kafkajs';
import { baseEnvShape, loadConfig, port, resolveSecret, serviceEnvShape, z } from '@regatta/config';
import { FACT_HEADERS, decodeFact, encodeFact, factHeaders, factKey, factTopic, type Fact, type FactType } from '@regatta/contracts';
import { createPool, isConnectionError, migrate, pingDatabase, type Pool, type PoolClient, type Queryable } from '@regatta/db';
import { createApp, finishApp, mountRoutes, serve, type RouteDefinition } from '@regatta/http';
import { createLogger, type Logger } from '@regatta/logging';
import {
  FactConsumer,
  OutboxRelay,
  createKafka,
  enqueue,
  messagingMigrationsDir,
  pingKafka,
  pruneInbox,
  pruneOutbox,
  waitForProjection,
  type ConsumedMessage,
} from '@regatta/messaging';

export { z };
export { awaitProjection, waitBudget, type ProjectionWaiter, type WaitBudget } from './projection-wait.js';

export interface ConsumerDefinition {
  /** Short name; the Kafka group id and inbox namespace become "<service>.<name>". */
  name: string;
  topics: string[];
  handle(client: PoolClient, fact: Fact, message: ConsumedMessage): Promise<void>;
  /**
   * Fact types of these topics that `handle` leaves alone: acknowledged by their fact-type header
   * without a transaction (a consumer of a busy topic that reacts to few of its facts pays nothing
   * for the rest). A message without the header is handled as usual.
   */
  ignores?: readonly FactType[];
}

export interface BackgroundTask {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** On shutdown, before the HTTP server waits for its connections: end long-lived responses (streams). */
  beforeClose?(): void;
}

export interface ServiceContext<Extra extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  config: ServiceConfig & z.infer<z.ZodObject<Extra>>;
  logger: Logger;
  pool: Pool;
  kafka: Kafka;
  /** Writes a fact to the outbox inside the caller's transaction. */
  publish(client: Queryable, fact: Fact): Promise<void>;
  /** Waits briefly until a projection fed by this service's consumers satisfies `check`. */
  waitFor(check: () => Promise<boolean>, timeoutMs?: number): Promise<boolean>;
}

/**
 * A service: its config, and what it runs. `setup` creates the service's own per-process resources
 * (clients, caches, secrets) once, before anything else runs; routes, consumers and background tasks
 * receive them; `teardown` releases them after everything else has stopped.
 */
export interface ServiceDefinition<Extra extends z.ZodRawShape = z.ZodRawShape, Resources = undefined> {
  name: string;
  version: string;
  defaultPort: number;
  migrationsDir: string;
  env?: Extra;
  setup?(context: ServiceContext<Extra>): Resources | Promise<Resources>;
  teardown?(resources: Resources): Promise<void>;
  routes(context: ServiceContext<Extra>, resources: Resources): RouteDefinition[];
  consumers?(context: ServiceContext<Extra>, resources: Resources): ConsumerDefinition[];
  background?(context: ServiceContext<Extra>, resources: Resources): BackgroundTask[];
  /** Paths whose routes read the request body themselves as a stream (file uploads): no JSON parsing. */
  rawBodyPaths?: readonly RegExp[];
  /** Extra express set-up before routes (rarely needed). */
  configureApp?(app: Express, context: ServiceContext<Extra>, resources: Resources): void;
}

function configSchema(definition: ServiceDefinition<z.ZodRawShape, unknown>) {
  return z.object({
    ...serviceEnvShape,
    PORT: port(definition.defaultPort),
    HOST: z.string().default('127.0.0.1'),
    DB_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .default(definition.name.replace(/-/g, '_')),
    MIGRATE_ON_START: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value),
    ...(definition.env ?? {}),
  });
}

export type ServiceConfig = z.infer<ReturnType<typeof configSchema>> & { assertionSecret: string };

function readServiceConfig(definition: ServiceDefinition<z.ZodRawShape, unknown>): ServiceConfig {
  const raw = loadConfig(configSchema(definition));
  return { ...raw, assertionSecret: resolveSecret(raw.IDENTITY_ASSERTION_SECRET, raw.NODE_ENV, 'assertion') };
}

export async function migrateService(definition: ServiceDefinition<z.ZodRawShape, unknown>, logger?: Logger): Promise<string[]> {
  const config = readServiceConfig(definition);
  return migrate(
    config.DATABASE_URL,
    config.DB_SCHEMA,
    [
      { dir: messagingMigrationsDir, table: 'pgmigrations_messaging' },
      { dir: definition.migrationsDir, table: 'pgmigrations' },
    ],
    logger,
  );
}

export async function runService<Extra extends z.ZodRawShape, Resources = undefined>(definition: ServiceDefinition<Extra, Resources>): Promise<void> {
  const config = readServiceConfig(definition as unknown as ServiceDefinition<z.ZodRawShape, unknown>) as ServiceContext<Extra>['config'];
  const logger = createLogger({ service: definition.name, version: definition.version, level: config.LOG_LEVEL });
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  const migrateOnStart = config.MIGRATE_ON_START ? config.MIGRATE_ON_START === 'true' : config.NODE_ENV !== 'production';
  if (migrateOnStart) await migrateService(definition as unknown as ServiceDefinition<z.ZodRawShape, unknown>, logger);

  const pool = createPool({ databaseUrl: config.DATABASE_URL, schema: config.DB_SCHEMA, applicationName: definition.name });
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection failed'));
  const kafka = createKafka({ brokers: config.KAFKA_BROKERS, clientId: definition.name, logger });
  const consumers: FactConsumer[] = [];

  const context: ServiceContext<Extra> = {
    name: definition.name,
    config,
    logger,
    pool,
    kafka,
    async publish(client, fact) {
      await enqueue(client, { topic: factTopic(fact.type as never), key: factKey(fact), payload: encodeFact(fact), messageId: fact.id, headers: factHeaders(fact) });
    },
    waitFor(check, timeoutMs) {
      return waitForProjection(check, consumers[0], timeoutMs);
    },
  };

  const resources = (definition.setup ? await definition.setup(context) : undefined) as Resources;

  const relay = new OutboxRelay({ pool, kafka, logger, schema: config.DB_SCHEMA, topicPrefix: config.KAFKA_TOPIC_PREFIX });
  for (const consumer of definition.consumers?.(context, resources) ?? []) {
    const factConsumer = new FactConsumer({
      kafka,
      pool,
      logger: logger.child({ consumer: consumer.name }),
      groupId: `${config.KAFKA_TOPIC_PREFIX}${definition.name}.${consumer.name}`,
      topics: consumer.topics,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
      handle: async (client, message) => consumer.handle(client, decodeFact(message.value), message),
      ...(consumer.ignores ? { ignores: ignoresFactTypes(consumer.ignores) } : {}),
    });
    consumers.push(factConsumer);
  }
  // Several consumers: a wait should wake on any of them.
  if (consumers.length > 1) for (const other of consumers.slice(1)) other.on('processed', (message) => consumers[0]?.emit('processed', message));
  const tasks = definition.background?.(context, resources) ?? [];

  const rawBodyPaths = definition.rawBodyPaths ?? [];
  const app = createApp({
    logger,
    assertionSecret: config.assertionSecret,
    ...(rawBodyPaths.length > 0 ? { rawBody: (req: { path: string }) => rawBodyPaths.some((p) => p.test(req.path)) } : {}),
    readiness: {
      database: () => pingDatabase(pool),
      kafka: () => pingKafka(kafka),
    },
  });
  definition.configureApp?.(app, context, resources);
  mountRoutes(app, definition.routes(context, resources));
  finishApp(app, logger, { unavailable: isConnectionError });

  // Kafka may still be starting (or down): the HTTP side serves from PostgreSQL meanwhile, and the
  // relay and consumers connect with retries, catching up on their topics once it returns.
  // Each part starts once; a retry resumes with the parts that have not started yet.
  const pending: Array<() => Promise<void>> = [() => relay.start(), ...consumers.map((consumer) => () => consumer.start()), ...tasks.map((task) => () => task.start())];
  let shuttingDown = false;
  const startMessaging = async () => {
    for (let attempt = 1; !shuttingDown; attempt += 1) {
      try {
        while (pending.length > 0 && !shuttingDown) {
          await pending[0]!();
          pending.shift();
        }
        logger.info({ consumers: consumers.length }, 'messaging started');
        return;
      } catch (error) {
        logger.warn({ err: error, attempt }, 'messaging start failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * attempt)));
      }
    }
  };
  void startMessaging();
  const pruneTimer = setInterval(() => {
    void pruneOutbox(pool).catch((error: unknown) => logger.warn({ err: error }, 'outbox prune failed'));
    void pruneInbox(pool).catch((error: unknown) => logger.warn({ err: error }, 'inbox prune failed'));
  }, 3_600_000);
  pruneTimer.unref();

  await serve({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    beforeClose: tasks.flatMap((task) => (task.beforeClose ? [() => task.beforeClose!()] : [])),
    // Each step is bounded so one stuck dependency (Kafka down during shutdown) cannot keep the
    // process from exiting; what is cut short is redone by the next process (leases, uncommitted
    // offsets absorbed by inboxes, unmarked outbox rows republished with the same id).
    // Background tasks and consumers stop side by side (consumers commit their offsets), then the
    // relay, then the pool.
    onShutdown: [
      async () => {
        shuttingDown = true;
        await Promise.all([
          bounded(logger, 'background tasks', 3_000, async () => {
            for (const task of tasks) await task.stop();
          }),
          bounded(logger, 'consumers', 3_000, () => Promise.all(consumers.map((consumer) => consumer.stop()))),
        ]);
      },
      () => bounded(logger, 'outbox relay', 1_500, () => relay.stop()),
      () => bounded(logger, 'service resources', 1_000, async () => definition.teardown?.(resources)),
      () => bounded(logger, 'database pool', 1_000, () => pool.end()),
    ],
  });
}

/** Runs one shutdown step, giving up (with a warning) after timeoutMs. */
async function bounded(logger: Logger, step: string, timeoutMs: number, fn: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([fn().then(() => 'done' as const), timedOut]);
    if (outcome === 'timeout') logger.warn({ step, timeoutMs }, 'shutdown step did not finish in time; going on');
  } finally {
    clearTimeout(timer);
  }
}

export { baseEnvShape };

/** A message whose fact-type header names one of `types`. */
function ignoresFactTypes(types: readonly FactType[]): (message: ConsumedMessage) => boolean {
  const ignored = new Set<string>(types);
  return (message) => {
    const type = message.headers[FACT_HEADERS.factType];
    return type !== undefined && ignored.has(type);
  };
}
