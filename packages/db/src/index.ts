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
  return new pg.Pool({
    connectionString: settings.databaseUrl,
    max: settings.max ?? 10,
    application_name: settings.applicationName ?? schema,
    options: `-c search_path=${schema},public`,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
}

/** Runs fn in one transaction; commits on success, rolls back and rethrows on failure. */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

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
