/**
 * Export rendering figures (not a timed test): one standings export of a 200-boat, 4-fleet regatta
 * with 10 races, rendered as CSV, HTML and PDF in the same run, interleaved round by round so the
 * three share the machine's load alike. Prints median and p95 ms per format and the output sizes.
 *
 *   node --conditions=@regatta/source --import tsx packages/exports/scripts/bench-exports.ts [--runs 40] [--boats 200] [--fleets 4] [--races 10]
 *
 * The table has the layout results-scoring's standings export builds (standings.export.ts: fleet,
 * rank, sail, boat, skipper, one column per race with dropped scores in brackets and codes after the
 * points, total, nett, races sailed), generated deterministically here because a package cannot
 * import a service.
 */
import { performance } from 'node:perf_hooks';
import { renderCsv, renderHtml, renderPdf, type ExportColumn, type ExportRow, type ExportTable } from '../src/index.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const RUNS = arg('runs', 40);
const BOATS = arg('boats', 200);
const FLEETS = arg('fleets', 4);
const RACES = arg('races', 10);
const WARMUP = 3;

// Names with accents and a character outside Windows-1252 so the PDF's text mapping does real work.
const FIRST = ['Ada', 'Bjørn', 'Chloé', 'Dmitri', 'Éva', 'Frédéric', 'Grzegorz', 'Hélène', 'Ingrid', 'José', 'Łukasz', 'Mårten'];
const LAST = ['Ødegård', 'Müller', 'Dvořák', 'García', 'Nguyen', 'O\'Brien', 'Søndergaard', 'Kowalski', 'Smith', 'Brontë'];
const CODES = ['DNF', 'DNC', 'OCS', 'DSQ'];

function buildTable(): ExportTable {
  const lead: ExportColumn[] = [
    { key: 'fleet', label: 'Fleet' },
    { key: 'position', label: 'Rank', numeric: true },
    { key: 'sail', label: 'Sail number' },
    { key: 'boat', label: 'Boat' },
    { key: 'skipper', label: 'Skipper' },
  ];
  const races: ExportColumn[] = Array.from({ length: RACES }, (_, i) => ({ key: `r${i + 1}`, label: `R${i + 1}`, numeric: true }));
  const tail: ExportColumn[] = [
    { key: 'total', label: 'Total', numeric: true },
    { key: 'nett', label: 'Nett', numeric: true },
    { key: 'races', label: 'Races sailed', numeric: true },
  ];
  const columns = [...lead, ...races, ...tail];
  const perFleet = Math.ceil(BOATS / FLEETS);
  const sections = Array.from({ length: FLEETS }, (_, f) => {
    const fleet = `Fleet ${String.fromCharCode(65 + f)}`;
    const size = Math.min(perFleet, BOATS - f * perFleet);
    const rows: ExportRow[] = Array.from({ length: size }, (_, b) => {
      const scores = Array.from({ length: RACES }, (_, r) => ((b * 7 + r * 13 + f) % size) + 1);
      const worst = Math.max(...scores);
      const cells: Record<string, string | number> = {};
      scores.forEach((points, r) => {
        const code = points === size && r % 3 === 0 ? CODES[(b + r) % CODES.length]! : null;
        const text = code ? `${size + 1} ${code}` : String(points);
        cells[`r${r + 1}`] = points === worst ? `(${text})` : text;
      });
      const total = scores.reduce((sum, points) => sum + points, 0);
      return {
        fleet,
        position: b + 1,
        sail: `${['NOR', 'GER', 'POL', 'USA'][f % 4]} ${1000 + b}`,
        boat: `${LAST[(b + f) % LAST.length]} ${b}`,
        skipper: `${FIRST[b % FIRST.length]} ${LAST[(b * 3) % LAST.length]}`,
        ...cells,
        total,
        nett: total - worst,
        races: RACES,
      };
    });
    return { heading: fleet, status: 'official', asOf: '2026-06-01T14:05:09.000Z', columns, rows };
  });
  return { title: 'Benchmark Championship 2026', subject: 'Standings', status: 'official', asOf: '2026-06-01T14:05:09.000Z', columns, sections, filename: 'bench-standings' };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const table = buildTable();
const renderers: { name: string; render: () => Promise<string | Buffer> | string }[] = [
  { name: 'csv', render: () => renderCsv(table) },
  { name: 'html', render: () => renderHtml(table) },
  { name: 'pdf', render: () => renderPdf(table) },
];
const times = new Map(renderers.map((r) => [r.name, [] as number[]]));
const sizes = new Map<string, number>();
for (let round = 0; round < WARMUP + RUNS; round += 1) {
  for (const renderer of renderers) {
    const started = performance.now();
    const output = await renderer.render();
    const elapsed = performance.now() - started;
    if (round >= WARMUP) times.get(renderer.name)!.push(elapsed);
    sizes.set(renderer.name, Buffer.byteLength(output));
  }
}

console.log(`export of ${BOATS} boats in ${FLEETS} fleets, ${RACES} races; ${RUNS} runs each after ${WARMUP} warm-up, interleaved (ms, one process on a shared machine: noisy)`);
const csvMedian = percentile([...times.get('csv')!].sort((a, b) => a - b), 50);
for (const renderer of renderers) {
  const sorted = [...times.get(renderer.name)!].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  console.log(
    `exports ${renderer.name.padEnd(4)} median ${median.toFixed(2)} ms  p95 ${percentile(sorted, 95).toFixed(2)} ms  ${(sizes.get(renderer.name)! / 1024).toFixed(1)} KiB  ${(median / csvMedian).toFixed(1)}x csv`,
  );
}
