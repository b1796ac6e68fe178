/** The chaos run's settings (environment), paths and small helpers shared by its parts. */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_NAMES, repoRoot, type ProcessName } from '@regatta/testing';

export const DAY = 86_400_000;
export const chaosDir = process.env['CHAOS_DIR'] ?? join(repoRoot, '.local/chaos');
export const exitDir = join(chaosDir, 'exits');
export const logDir = join(chaosDir, 'logs/stack');
export const slot = Number(process.env['CHAOS_SLOT'] ?? 4);
export const WORKERS = Number(process.env['CHAOS_WORKERS'] ?? 4);
export const PAUSE_MS = Number(process.env['CHAOS_PAUSE_MS'] ?? 50);
export const REGATTAS = Number(process.env['CHAOS_REGATTAS'] ?? 6);
export const BUDGET_MS = Number(process.env['CHAOS_BUDGET_SECONDS'] ?? 480) * 1000;
export const LIMITED_KEY_LIMIT = 40;
export const SIGTERM_EXIT_MS = 5_000;
export const SCHEMAS = ['identity', 'organizations', 'events', 'results_scoring', 'sailors', 'webhooks', 'public_results'];
export const PROCESSES: ProcessName[] = [...SERVICE_NAMES, 'gateway'];
export const startedAt = Date.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const seconds = (ms: number) => (ms / 1000).toFixed(1);
export function say(message: string): void {
  process.stderr.write(`chaos [${seconds(Date.now() - startedAt).padStart(5)} s] ${message}\n`);
}

/** Runs scripts/chaos/infra.sh <command> (the run's own instances only). */
export function ctl(command: string): Promise<void> {
  const log = createWriteStream(join(chaosDir, 'logs/ctl.log'), { flags: 'a' });
  log.write(`--- ${new Date().toISOString()} ${command}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [join(repoRoot, 'scripts/chaos/infra.sh'), command], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`chaos/infra.sh ${command} exited ${code} (see ${join(chaosDir, 'logs/ctl.log')})`))));
  });
}
