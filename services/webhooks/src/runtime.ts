/** What the routes, the consumer and the dispatcher of one process share. */
import type { Pool } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { z } from '@regatta/runtime';
import { resolveSecretKey, webhooksEnv } from './config.js';
import { SecretBox } from './domain/secret-box.js';
import type { RuntimeEnv } from './domain/url-rules.js';
import { Dispatcher } from './delivery/dispatcher.js';
import { Pruner } from './delivery/pruner.js';

export type WebhooksContext = ServiceContext<typeof webhooksEnv>;

export interface WebhooksRuntime {
  pool: Pool;
  env: RuntimeEnv;
  secrets: SecretBox;
  dispatcher: Dispatcher;
  pruner: Pruner;
}

const runtimes = new WeakMap<object, WebhooksRuntime>();

export function runtimeOf(context: WebhooksContext): WebhooksRuntime {
  let runtime = runtimes.get(context);
  if (!runtime) {
    const config = context.config as WebhooksContext['config'] & z.infer<z.ZodObject<typeof webhooksEnv>>;
    const secrets = new SecretBox(resolveSecretKey(config.WEBHOOK_SECRET_KEY, config.NODE_ENV));
    runtime = {
      pool: context.pool,
      env: config.NODE_ENV,
      secrets,
      dispatcher: new Dispatcher({
        pool: context.pool,
        logger: context.logger.child({ component: 'dispatcher' }),
        schema: config.DB_SCHEMA,
        secrets,
        retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        concurrency: config.WEBHOOK_CONCURRENCY,
        maxConsecutiveFailures: config.WEBHOOK_MAX_CONSECUTIVE_FAILURES,
        policy: config.NODE_ENV === 'production' ? 'production' : 'development',
      }),
      pruner: new Pruner({
        pool: context.pool,
        logger: context.logger.child({ component: 'retention' }),
        retentionDays: config.WEBHOOK_RETENTION_DAYS,
        intervalMs: config.WEBHOOK_PRUNE_INTERVAL_MS,
      }),
    };
    runtimes.set(context, runtime);
  }
  return runtime;
}
