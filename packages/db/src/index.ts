/**
 * PostgreSQL access: one pool per service pinned to the service's own schema, transactions, and
 * migrations with node-pg-migrate (well kept, plain SQL files, a lock so concurrent starts are safe).
 */
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import type { Logger } from '@regatta/logging';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = pg.Pool | pg.PoolClient;

// Return timestamps as Date and bigint/numeric counts as JS numbers where safe.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a safe SQL identifier: ${name}`);
  return name;
}

export interface PoolSettings {
  databaseUrl: string;
  schema: string;
  max?: number;
  applicationName?: string;
}

export function createPool(settings: PoolSettings): pg.Pool {
  const schema = assertIdentifier(settings.schema);
  const pool = new pg.Pool({
    connectionString: settings.databaseUrl,
    max: settings.max ?? 10,
    application_name: settings.applicationName ?? schema,
    options: `-c search_path=${schema},public`,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // Every client keeps one 'error' listener for its whole life. pg-pool listens only while a client
  // is idle: between handing out a fresh connection and the caller's first line (a microtask later)
  // nobody listens, and a server shutting down sends its "terminating connection" right after the
  // startup handshake, in the same read: the chaos run's PostgreSQL fast stop killed a service that
  // way even with `checkout`. A dead client's queries fail and the pool drops it on release (it is no
  // longer queryable), so there is nothing else to do here.
  pool.on('connect', (client) => client.on('error', ignoreClientError));
  return pool;
}

function ignoreClientError(): void {
  // See createPool.
}

/**
 * A connection taken from the pool has no 'error' listener of the pool's while it is checked out: a
 * backend that dies meanwhile (server restart, pg_terminate_backend, a reset socket) makes the client
 * emit 'error', and an 'error' event without a listener kills the process. Every checkout therefore
 * goes through `checkout`, which listens for the whole time the client is out and, when the
 * connection failed (or the caller says it is unusable), releases it with the error so the pool
 * discards it instead of handing a dead connection to the next caller.
 */
export interface CheckedOutClient {
  client: pg.PoolClient;
  /** The connection's failure, if it reported one while checked out. */
  readonly failure: Error | undefined;
  /** Returns the client to the pool, or destroys it when it failed or `error` is given. Idempotent. */
  release(error?: Error): void;
}

export async function checkout(pool: pg.Pool, onError?: (error: Error) => void): Promise<CheckedOutClient> {
  const client = await pool.connect();
  let failure: Error | undefined;
  let released = false;
  const listener = (error: Error) => {
    failure ??= error;
    onError?.(error);
  };
  client.on('error', listener);
  return {
    client,
    get failure() {
      return failure;
    },
    release(error?: Error) {
      if (released) return;
      released = true;
      const broken = failure ?? error;
      // A healthy client goes back to the pool without our listener (listeners must not pile up
      // across checkouts); a broken one keeps it, since it may still emit while the pool ends it.
      if (!broken) client.off('error', listener);
      client.release(broken);
    },
  };
}

/** Runs fn with a client of the pool (see `checkout`); a failed connection is discarded, not reused. */
export async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const lease = await checkout(pool);
  try {
    return await fn(lease.client);
  } finally {
    lease.release();
  }
}

/** Runs fn in one transaction; commits on success, rolls back and rethrows on failure. */
/** SQLSTATEs after which PostgreSQL has rolled the transaction back and running it again may succeed. */
const RETRYABLE = new Set(['40P01' /* deadlock_detected */, '40001' /* serialization_failure */]);
const TRANSACTION_ATTEMPTS = 4;

export function isRetryableTransactionError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && RETRYABLE.has(String((error as { code?: unknown }).code));
}

/**
 * Runs `fn` in a transaction (BEGIN … COMMIT, ROLLBACK on error). When PostgreSQL picks the
 * transaction as a deadlock victim (or a serialization failure), the whole of `fn` runs again, up to
 * four attempts with a short random pause: advisory locks of different fleets and series taken in
 * different orders by concurrent paths otherwise surface as 500s. `fn` must therefore keep its effects
 * inside the transaction (SQL, outbox rows), which is the rule for every use case anyway.
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transactionOnce(pool, fn);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

async function transactionOnce<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const lease = await checkout(pool);
  let unusable: Error | undefined;
  try {
    await lease.client.query('BEGIN');
    const result = await fn(lease.client);
    await lease.client.query('COMMIT');
    return result;
  } catch (error) {
    // A failed ROLLBACK means the connection is in an unknown state: do not give it to anyone else.
    if (!lease.failure) await lease.client.query('ROLLBACK').catch((rollbackError: Error) => (unusable = rollbackError));
    throw error;
  } finally {
    lease.release(unusable);
  }
}

export interface ListenOptions {
  /** Called after every successful LISTEN; `again` is true after a lost connection (notifications may have been missed). */
  onListening?: (again: boolean) => void;
  /** Called when the listening connection is lost (a re-LISTEN is already scheduled). */
  onLost?: (error: Error) => void;
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface ListenHandle {
  /** True while a connection is LISTENing on the channel. */
  readonly listening: boolean;
  /** Settles once the first attempt finished: true when it listens, false when it is retrying. */
  readonly ready: Promise<boolean>;
  /** Stops listening and releases the connection (a pending retry is cancelled). */
  stop(): Promise<void>;
}

/**
 * LISTENs on `channel` on a dedicated pool connection and keeps doing so: when the connection is
 * lost (database restart, pg_terminate_backend, network), the dead client is released (destroyed, so
 * it does not keep a pool slot) and a new LISTEN is attempted with backoff until it succeeds.
 * Notifications sent while not listening are lost: `onListening(true)` tells the caller to catch up.
 */
export function listen(pool: pg.Pool, channel: string, onNotify: (payload: string) => void, logger: Logger, options: ListenOptions = {}): ListenHandle {
  assertIdentifier(channel);
  const minDelayMs = options.minDelayMs ?? 100;
  const maxDelayMs = options.maxDelayMs ?? 2_000;
  let current: CheckedOutClient | undefined;
  let stopped = false;
  let everListened = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;
  let settleReady: (listening: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => (settleReady = resolve));

  const schedule = () => {
    if (stopped || timer) return;
    const delay = Math.min(maxDelayMs, minDelayMs * 2 ** Math.max(0, failures - 1));
    timer = setTimeout(() => {
      timer = undefined;
      attempt = connect();
    }, delay);
    timer.unref?.();
  };

  const lost = (lease: CheckedOutClient, error: Error) => {
    if (current !== lease) return;
    current = undefined;
    lease.release(error);
    failures = 1;
    logger.warn({ err: error, channel }, 'LISTEN connection lost; listening again');
    options.onLost?.(error);
    schedule();
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    let lease: CheckedOutClient | undefined;
    try {
      lease = await checkout(pool, (error) => {
        if (lease && current === lease) lost(lease, error);
      });
      lease.client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      await lease.client.query(`LISTEN ${channel}`);
      if (lease.failure) throw lease.failure;
      if (stopped) {
        lease.release(new Error('listener stopped'));
        return;
      }
      current = lease;
      const again = everListened || failures > 0;
      everListened = true;
      if (failures > 0) logger.info({ channel, failures }, 'listening again');
      failures = 0;
      settleReady(true);
      options.onListening?.(again);
    } catch (error) {
      lease?.release(error instanceof Error ? error : new Error(String(error)));
      failures += 1;
      if (failures === 1 || failures % 10 === 0) logger.warn({ err: error, channel, failures }, 'cannot LISTEN; retrying');
      settleReady(false);
      schedule();
    }
  };

  attempt = connect();
  return {
    get listening() {
      return current !== undefined;
    },
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await attempt;
      const lease = current;
      current = undefined;
      // UNLISTEN is not worth a round trip: the connection is destroyed, never reused.
      lease?.release(new Error('listener stopped'));
    },
  };
}

/**
 * True for failures of the database connection rather than of the statement: refused, reset or
 * dropped connections, a server shutting down or starting up, an exhausted pool or server. Work that
 * failed this way is worth retrying as it is (nothing about it was wrong).
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: string }).code;
  if (code && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) return true;
  return /timeout exceeded when trying to connect|Connection terminated|not queryable|Client was closed|connect ECONNREFUSED|read ECONNRESET/.test(error.message);
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

export async function pingDatabase(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT 1');
}

export interface MigrationSet {
  /** Folder of SQL migrations ("-- Up Migration" / "-- Down Migration"). */
  dir: string;
  /** Bookkeeping table; different sets in one schema need different tables. */
  table: string;
}

function lockValueFor(text: string): number {
  let hash = 7;
  for (let index = 0; index < text.length; index += 1) hash = (Math.imul(31, hash) + text.charCodeAt(index)) | 0;
  return hash;
}

/** Another replica migrating the same schema holds the lock: wait for it rather than fail. */
async function withMigrationLockRetry<T>(run: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await run();
    } catch (error) {
      const busy = error instanceof Error && /Another migration is already running/.test(error.message);
      if (!busy || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Applies every pending migration of each set into `schema` (created if missing). */
export async function migrate(databaseUrl: string, schema: string, sets: MigrationSet[], logger?: Logger): Promise<string[]> {
  assertIdentifier(schema);
  const applied: string[] = [];
  for (const set of sets) {
    const ran = await withMigrationLockRetry(() => runner({
      databaseUrl,
      dir: set.dir,
      migrationsTable: set.table,
      schema,
      createSchema: true,
      direction: 'up',
      singleTransaction: true,
      checkOrder: true,
      // node-pg-migrate's default lock is one per database; services share a database (a schema
      // each) and start in parallel, so lock per schema and set instead.
      lockValue: lockValueFor(`${schema}:${set.table}`),
      log: (message: string) => logger?.debug({ schema }, message),
    }));
    applied.push(...ran.map((migration) => migration.name));
  }
  if (applied.length > 0) logger?.info({ schema, applied }, 'migrations applied');
  return applied;
}
