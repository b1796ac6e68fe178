#!/usr/bin/env node
/**
 * Prints the load-test summary from k6's --summary-export files (legacy format).
 *
 *   node scripts/k6/report.mjs <dir> <scenario...>
 *
 * Per scenario: requests/s, p50/p95/p99 and error rate of the measured phase (requests tagged
 * phase:main; setup and teardown excluded), and whether every threshold held (k6's exit status and
 * the export agree). Then the scenario details (metrics named load_*), the failed checks, and the
 * gateway/direct throughput ratio. Also writes <dir>/summary.md and <dir>/summary.json.
 * Exit status 1 when a scenario is missing, k6 failed, or any threshold was crossed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...scenarios] = process.argv.slice(2);
if (!dir || scenarios.length === 0) {
  process.stderr.write('usage: report.mjs <dir> <scenario...>\n');
  process.exit(2);
}

const fmtMs = (value) => (value === undefined || value === null ? '-' : value >= 100 ? value.toFixed(0) : value.toFixed(1));
const fmtRate = (value) => (value === undefined || value === null ? '-' : value.toFixed(value >= 100 ? 0 : 1));
const fmtPct = (value) => (value === undefined || value === null ? '-' : `${(value * 100).toFixed(2)}%`);

/** The measured span of a phase: first to last phase_clock sample (ms since epoch). */
function spanSeconds(metrics, tag) {
  const clock = metrics[`phase_clock{${tag}}`];
  if (!clock || !clock.count || clock.max <= clock.min) return undefined;
  return (clock.max - clock.min) / 1000;
}

function phase(metrics, tag) {
  const reqs = metrics[`http_reqs{${tag}}`];
  const duration = metrics[`http_req_duration{${tag}}`];
  const failed = metrics[`http_req_failed{${tag}}`];
  const span = spanSeconds(metrics, tag);
  return {
    requests: reqs?.count ?? 0,
    seconds: span,
    rps: reqs?.count && span ? reqs.count / span : undefined,
    p50: duration?.['p(50)'],
    p95: duration?.['p(95)'],
    p99: duration?.['p(99)'],
    errorRate: failed?.value,
  };
}

const rows = [];
const details = [];
const failures = [];
let ratio;
let allOk = true;

for (const name of scenarios) {
  const file = join(dir, `${name}.json`);
  const rcFile = join(dir, `${name}.rc`);
  const rc = existsSync(rcFile) ? Number(readFileSync(rcFile, 'utf8').trim()) : undefined;
  if (!existsSync(file)) {
    allOk = false;
    rows.push({ scenario: name, ok: false, note: rc === undefined ? 'did not run' : `k6 exit ${rc}, no summary` });
    continue;
  }
  const summary = JSON.parse(readFileSync(file, 'utf8'));
  const metrics = summary.metrics ?? {};
  const crossed = [];
  for (const [metric, value] of Object.entries(metrics)) {
    for (const [threshold, failed] of Object.entries(value.thresholds ?? {})) if (failed) crossed.push(`${metric}: ${threshold}`);
  }
  const ok = rc === 0 && crossed.length === 0;
  if (!ok) allOk = false;
  for (const line of crossed) failures.push(`${name}: threshold crossed: ${line}`);
  if (rc !== 0 && crossed.length === 0) failures.push(`${name}: k6 exit ${rc} (see ${join(dir, `${name}.log`)})`);
  collectFailedChecks(name, summary.root_group);

  if (name === 'gateway-vs-direct') {
    const gateway = phase(metrics, 'scenario:gateway');
    const direct = phase(metrics, 'scenario:direct');
    rows.push({ scenario: `${name} (gateway)`, ...gateway, ok });
    rows.push({ scenario: `${name} (direct)`, ...direct, ok });
    if (gateway.rps && direct.rps) ratio = { gateway: gateway.rps, direct: direct.rps, ratio: gateway.rps / direct.rps, p50Gateway: gateway.p50, p50Direct: direct.p50 };
  } else {
    rows.push({ scenario: name, ...phase(metrics, 'phase:main'), ok });
  }
  for (const [metric, value] of Object.entries(metrics).sort(([a], [b]) => a.localeCompare(b))) {
    if (!metric.startsWith('load_') || metric.includes('{')) continue;
    const shown =
      value.count !== undefined && value['p(95)'] === undefined
        ? String(value.count)
        : value['p(95)'] !== undefined
          ? `p50=${fmtMs(value['p(50)'])} p95=${fmtMs(value['p(95)'])} max=${fmtMs(value.max)}`
          : value.value !== undefined
            ? String(value.value)
            : JSON.stringify(value);
    details.push(`${name}: ${metric.slice(5)} = ${shown}`);
  }
}

function collectFailedChecks(name, group) {
  if (!group) return;
  for (const check of Object.values(group.checks ?? {})) {
    if (check.fails > 0) failures.push(`${name}: check "${check.path.replace(/^::/, '')}" failed ${check.fails} of ${check.fails + check.passes}`);
  }
  for (const child of Object.values(group.groups ?? {})) collectFailedChecks(name, child);
}

const header = ['scenario', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'thresholds'];
const table = rows.map((row) => [
  row.scenario,
  row.requests === undefined ? '-' : String(row.requests),
  fmtRate(row.rps),
  fmtMs(row.p50),
  fmtMs(row.p95),
  fmtMs(row.p99),
  fmtPct(row.errorRate),
  row.ok ? 'ok' : row.note ? `FAILED (${row.note})` : 'FAILED',
]);
const widths = header.map((title, index) => Math.max(title.length, ...table.map((cells) => cells[index].length)));
const line = (cells) => cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ');

const out = [];
out.push('');
out.push(line(header));
out.push(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of table) out.push(line(cells));
out.push('');
if (ratio) {
  out.push(
    `gateway/direct throughput: ${fmtRate(ratio.gateway)} / ${fmtRate(ratio.direct)} req/s = ${ratio.ratio.toFixed(2)} ` +
      `(same GET /api/v1/events/{slug}; p50 ${fmtMs(ratio.p50Gateway)} ms vs ${fmtMs(ratio.p50Direct)} ms)`,
  );
}
if (details.length > 0) {
  out.push('');
  out.push('details:');
  for (const detail of details) out.push(`  ${detail}`);
}
if (failures.length > 0) {
  out.push('');
  out.push('problems:');
  for (const failure of failures) out.push(`  ${failure}`);
}
out.push('');
out.push(allOk ? `load: all ${scenarios.length} scenarios passed their thresholds` : 'load: FAILED (see problems above and the logs in ' + dir + ')');
process.stdout.write(`${out.join('\n')}\n`);

const md = [
  `| ${header.join(' | ')} |`,
  `|${header.map((_, index) => (index === 0 ? '---' : '---:')).join('|')}|`,
  ...table.map((cells) => `| ${cells.join(' | ')} |`),
];
if (ratio) md.push('', `Gateway/direct throughput ratio: ${ratio.ratio.toFixed(2)} (${fmtRate(ratio.gateway)} vs ${fmtRate(ratio.direct)} req/s)`);
if (details.length > 0) md.push('', ...details.map((detail) => `- ${detail}`));
writeFileSync(join(dir, 'summary.md'), `${md.join('\n')}\n`);
writeFileSync(join(dir, 'summary.json'), `${JSON.stringify({ rows, ratio, details, failures, ok: allOk }, null, 2)}\n`);
process.exit(allOk ? 0 : 1);
