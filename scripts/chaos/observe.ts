/**
 * What the chaos run observes besides the load: the outbox backlog and LISTEN connections in the
 * chaos database (a pool of its own, every error handled) and how the stack's processes exited
 * (scripts/chaos/exit-recorder.mjs writes one file per pid).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { SCHEMAS, exitDir } from './settings.js';

export interface Monitor {
  pool: pg.Pool;
  /** Age in ms of the oldest unpublished outbox row over all services, or undefined when unreachable. */
  backlogAgeMs(): Promise<number | undefined>;
  /** LISTEN connections of the stack's processes (relays, the dispatcher, public-results' feed). */
  listeners(): Promise<number | undefined>;
}

export function monitorOf(databaseUrl: string, databaseName: string): Monitor {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 1_000, statement_timeout: 2_000, application_name: 'chaos-monitor' } as pg.PoolConfig);
  pool.on('error', () => undefined);
  return {
    pool,
    async backlogAgeMs() {
      try {
        const union = SCHEMAS.map((schema) => `SELECT min(created_at) AS oldest FROM ${schema}.outbox WHERE published_at IS NULL`).join(' UNION ALL ');
        const result = await pool.query<{ age: number | null }>(`SELECT extract(epoch FROM now() - min(oldest)) * 1000 AS age FROM (${union}) AS o`);
        return Number(result.rows[0]?.age ?? 0);
      } catch {
        return undefined;
      }
    },
    async listeners() {
      try {
        const result = await pool.query<{ count: number }>(`SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN %'`, [databaseName]);
        return result.rows[0]?.count ?? 0;
      } catch {
        return undefined;
      }
    },
  };
}

export function readExit(pid: number | undefined): { code: number | null; at: number } | undefined {
  if (!pid) return undefined;
  const file = join(exitDir, `${pid}.json`);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as { code: number | null; at: number };
}

export function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
