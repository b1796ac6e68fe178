/**
 * The chaos run's report: one row per scenario (requests attempted, 2xx, 4xx, 5xx, 500s, connection
 * errors, webhook messages lost and duplicated, recovery seconds, process exits), notes, and the
 * failed expectations (a lost message, a 500, a crash or unhandled error in a log, a deadlock).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProcessName } from '@regatta/testing';
import { deliveries, samples, type Outcome } from './load.js';
import type { Scenario } from './scenarios.js';
import { PROCESSES, WORKERS, logDir, seconds, slot, startedAt } from './settings.js';

/** Counts each expected message (committed fact) lost where it was committed, each extra copy where it arrived. */
export function countDeliveries(scenarios: Scenario[], expected: Array<{ id: string; at: number }>): void {
  const scenarioAt = (at: number) => scenarios.find((scenario) => at >= scenario.from && at < scenario.to) ?? scenarios.at(-1)!;
  for (const row of expected) if (!deliveries.has(row.id)) scenarioAt(row.at).lost += 1;
  for (const times of deliveries.values()) for (const at of times.slice(1)) scenarioAt(at).duplicated += 1;
}

function scenarioTable(scenarios: Scenario[]): string {
  const header = ['scenario', 'attempted', '2xx', '4xx', '5xx', 'of which 500', 'conn err', 'lost', 'dup', 'recovery s', 'process exits'];
  const rows = scenarios.map((scenario) => {
    const mine = samples.filter((sample) => sample.start >= scenario.from && sample.start < scenario.to);
    const count = (outcome: Outcome) => String(mine.filter((sample) => sample.outcome === outcome).length);
    const since = scenario.fault ?? scenario.from;
    const lastFailure = mine.filter((sample) => (sample.outcome === '5xx' || sample.outcome === 'err') && sample.end >= since).at(-1);
    const recovery = Math.max(lastFailure ? lastFailure.end - since : 0, scenario.backAt ? scenario.backAt - since : 0);
    const internal = String(mine.filter((sample) => sample.status === 500).length);
    return [scenario.name, String(mine.length), count('2xx'), count('4xx'), count('5xx'), internal, count('err'), String(scenario.lost), String(scenario.duplicated), scenario.fault ? seconds(recovery) : '-', scenario.exits.join('; ') || '-'];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((width, column) => (column === 0 || column === header.length - 1 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The report text and whether every expectation held. */
export function chaosReport(scenarios: Scenario[], skipped: string[], expectedCount: number): { text: string; failed: boolean } {
  const statuses = new Map<string, number>();
  for (const sample of samples) if (sample.outcome !== '2xx') statuses.set(`${sample.kind} ${sample.status || 'conn err'}`, (statuses.get(`${sample.kind} ${sample.status || 'conn err'}`) ?? 0) + 1);
  const logText = (name: ProcessName) => {
    const file = join(logDir, `${name}-${slot}.log`);
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  const deadlocks = (logText('sailors').match(/deadlock detected/g) ?? []).length;
  const crashes = PROCESSES.map((name) => [name, (logText(name).match(/Emitted 'error' event|Connection terminated unexpectedly\n\s+at|Uncaught|uncaughtException/g) ?? []).length] as const).filter(([, count]) => count > 0);
  const notes = scenarios.filter((scenario) => scenario.notes.length > 0).map((scenario) => `- ${scenario.name}: ${scenario.notes.join('; ')}`);
  const failures = scenarios.flatMap((scenario) => scenario.failures);
  const lost = scenarios.reduce((sum, scenario) => sum + scenario.lost, 0);
  if (lost > 0) failures.push(`${lost} webhook message(s) never delivered`);
  // An outage is a 503 (or 502/504 from the gateway), never a 500: a 500 is a bug.
  const internalErrors = samples.filter((sample) => sample.status === 500).length;
  if (internalErrors > 0) failures.push(`${internalErrors} response(s) were 500 Internal Server Error`);
  if (deadlocks > 0) failures.push(`${deadlocks} "deadlock detected" in the sailors service's log`);
  for (const [name, count] of crashes) failures.push(`${name}: ${count} unhandled error(s) in its log`);
  const text = [
    `Chaos run ${new Date(startedAt).toISOString()}: ${WORKERS} writers (registrations and results through the gateway), ${expectedCount} webhook messages expected, ${[...deliveries.values()].reduce((sum, times) => sum + times.length, 0)} deliveries received, ${seconds(Date.now() - startedAt)} s`,
    '',
    scenarioTable(scenarios),
    '',
    ...notes,
    `- non-2xx by request: ${[...statuses].map(([what, count]) => `${what}: ${count}`).join(', ') || 'none'}`,
    `- sailors "deadlock detected": ${deadlocks}`,
    ...(skipped.length > 0 ? [`- skipped (time budget): ${skipped.join(', ')}`] : []),
    '',
    failures.length > 0 ? `FAILED:\n${failures.map((failure) => `- ${failure}`).join('\n')}` : 'all expectations held',
  ].join('\n');
  return { text, failed: failures.length > 0 };
}
