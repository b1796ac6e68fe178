/** HTML and PDF sheets: one fleet per page, the event's name, status and time on each; PDF text read back with pdf.js. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderHtml } from './html.js';
import { renderPdf } from './pdf.js';
import type { ExportTable } from './table.js';
import { toWinAnsi } from './win-ansi.js';

// pdf.js reads the metrics of the standard 14 fonts (Helvetica) from files of its package.
const STANDARD_FONTS = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

/** The text of each page, items joined by spaces. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).filter((text) => text.trim() !== '').join(' '));
  }
  await pdf.destroy();
  return pages;
}

const columns = [
  { key: 'rank', label: 'Rank', numeric: true },
  { key: 'sail', label: 'Sail number' },
  { key: 'boat', label: 'Boat' },
  { key: 'nett', label: 'Nett', numeric: true },
];

const table: ExportTable = {
  title: 'Nordic Cup <2025>',
  subject: 'Standings',
  status: 'provisional',
  asOf: '2025-06-01T14:05:09.000Z',
  filename: 'nordic-cup-standings',
  columns,
  sections: [
    { heading: 'ILCA 7', rows: [{ rank: 1, sail: 'NOR 1', boat: 'Ødegård', nett: 3 }, { rank: 2, sail: 'GER 7', boat: 'Müller & Söhne', nett: 5.5 }] },
    { heading: 'Optimist', status: 'official', rows: [{ rank: 1, sail: 'POL 3', boat: 'Łukasz Dvořák', nett: 2 }] },
  ],
};

test('PDF: one page per fleet, each with the event name, fleet, status and time; rows read back', async () => {
  const pages = await pdfPages(await renderPdf(table));
  assert.equal(pages.length, 2);
  assert.equal(pages[0], 'Nordic Cup <2025> Standings: ILCA 7 Status: provisional · Results as of 2025-06-01 14:05:09 UTC Rank Sail number Boat Nett 1 NOR 1 Ødegård 3 2 GER 7 Müller & Söhne 5.5');
  assert.equal(pages[1], 'Nordic Cup <2025> Standings: Optimist Status: official · Results as of 2025-06-01 14:05:09 UTC Rank Sail number Boat Nett 1 POL 3 Lukasz Dvorák 2');
});

test('PDF: a long fleet continues on further pages with the header repeated; bytes are deterministic', async () => {
  const rows = Array.from({ length: 70 }, (_, i) => ({ rank: i + 1, sail: `SWE ${i + 1}`, boat: `Boat ${i + 1}`, nett: i * 2 }));
  const long: ExportTable = { ...table, sections: [{ heading: 'Big fleet', rows }] };
  const first = await renderPdf(long);
  const pages = await pdfPages(first);
  assert.ok(pages.length >= 2, `expected several pages, got ${pages.length}`);
  for (const page of pages) {
    assert.ok(page.startsWith('Nordic Cup <2025> Standings: Big fleet'), page.slice(0, 80));
    assert.ok(page.includes('Status: provisional'));
  }
  assert.ok(pages[1]!.includes('(continued)'));
  const all = pages.join(' ');
  for (const row of rows) assert.ok(all.includes(`${row.rank} ${row.sail} ${row.boat} ${row.nett}`), `row ${row.rank} missing`);
  assert.deepEqual(await renderPdf(long), first);
});

test('PDF: a wide table shrinks to fit instead of cutting cells', async () => {
  const wide = Array.from({ length: 16 }, (_, i) => ({ key: `r${i}`, label: `R${i + 1}`, numeric: true }));
  const row = Object.fromEntries(wide.map((c, i) => [c.key, `(${i + 10}.5) DNF`]));
  const pages = await pdfPages(await renderPdf({ ...table, columns: wide, sections: [{ heading: 'Wide', rows: [row] }] }));
  for (let i = 0; i < 16; i++) assert.ok(pages[0]!.includes(`(${i + 10}.5) DNF`), `cell ${i} cut`);
});

// Standings of a long series: 360 race columns with discarded codes. pdfkit's line wrapper never ends
// on a column narrower than a character, so this once hung the service; now it is printed in blocks of
// columns, each repeating rank, sail, boat and skipper.
test('PDF: 360 race columns are printed in blocks of columns repeating the boat, first and last race kept', { timeout: 60_000 }, async () => {
  const races = Array.from({ length: 360 }, (_, i) => ({ key: `r${i + 1}`, label: `R${i + 1}`, numeric: true }));
  const lead = [{ key: 'fleet', label: 'Fleet' }, { key: 'rank', label: 'Rank', numeric: true }, { key: 'sail', label: 'Sail number' }, { key: 'boat', label: 'Boat' }, { key: 'skipper', label: 'Skipper' }];
  const tail = [{ key: 'total', label: 'Total', numeric: true }, { key: 'nett', label: 'Nett', numeric: true }];
  const rows = [1, 2].map((rank) => ({ fleet: 'ILCA 7', rank, sail: `IRL ${rank}`, boat: `Boat ${rank}`, skipper: 'Jane Doe', total: 8280, nett: 8000, ...Object.fromEntries(races.map((race) => [race.key, '(23 DNF)'])) }));
  const pages = await pdfPages(await renderPdf({ ...table, columns: [...lead, ...races, ...tail], sections: [{ heading: 'ILCA 7', rows }] }));
  const all = pages.join(' ');
  assert.ok(all.includes(' Skipper R1 R2 '), 'first race');
  assert.ok(/ R360 (Total )?(Nett )?ILCA 7 1 /.test(all), 'last race');
  for (const race of races) assert.ok(all.includes(` ${race.label} `), `${race.label} missing`);
  assert.ok(!all.includes('…'), 'no cell cut');
  // Every block starts with the identifying columns, head and rows.
  const blocks = all.match(/Fleet Rank Sail number Boat Skipper R\d+/g) ?? [];
  assert.ok(blocks.length >= 10, `${blocks.length} blocks`);
  assert.equal((all.match(/ILCA 7 2 IRL 2 Boat 2 Jane Doe \(23 DNF\)/g) ?? []).length, blocks.length);
});

test('PDF: a 4,000-character cell is cut with "…" on one line, the other columns kept', { timeout: 60_000 }, async () => {
  const model = `Laser Performance ${'custom hull with a very long description '.repeat(100)}`.slice(0, 4000);
  const squashed = 'X'.repeat(4000);
  const entries = [{ key: 'sail', label: 'Sail number' }, { key: 'model', label: 'Boat model' }, { key: 'sailor', label: 'Sailor' }];
  const pages = await pdfPages(await renderPdf({ ...table, columns: entries, sections: [{ heading: 'Entries', rows: [{ sail: 'IRL 1', model, sailor: 'Ada' }, { sail: 'IRL 2', model: squashed, sailor: 'Bjørn' }] }] }));
  assert.equal(pages.length, 1);
  assert.match(pages[0]!, /Sail number Boat model Sailor IRL 1 Laser Performance custom hull with a very long description( custom hull[a-z ]*)?…( Ada)/);
  assert.match(pages[0]!, /IRL 2 X{50,}… Bjørn$/);
});

test('WinAnsi: Western names kept, others folded, never dropped silently', () => {
  assert.equal(toWinAnsi('Ødegård Müller François'), 'Ødegård Müller François');
  assert.equal(toWinAnsi('Łukasz Dvořák Straße'), 'Lukasz Dvorák Straße');
  assert.equal(toWinAnsi('王'), '?');
});

test('HTML: self-contained sheet, escaped, one section per fleet with page breaks when printed', () => {
  const html = renderHtml(table);
  assert.match(html, /^<!DOCTYPE html>/);
  assert.match(html, /<meta charset="utf-8">/);
  assert.match(html, /@media print[\s\S]*section \{ break-after: page; page-break-after: always; \}/);
  assert.equal(html.match(/<section class="fleet">/g)?.length, 2);
  assert.equal(html.match(/<h1>Nordic Cup &#60;2025&#62;<\/h1>/g)?.length, 2);
  assert.ok(html.includes('<td>Ødegård</td>'));
  assert.ok(html.includes('<td>Müller &#38; Söhne</td>'));
  assert.ok(html.includes('Status: official · Results as of 2025-06-01 14:05:09 UTC'));
  assert.doesNotMatch(html, /<script|<link|src=|https?:/);
});

// The demo regatta's IRC 1 sheet: "Second Wind" measured to fit its column was broken onto a second
// line by pdfkit's wrapper (over the next row's "Blue Heron"). Every cell is one text run on its row.
test('PDF: a cell measured to fit is printed on its row, never wrapped onto the next', async () => {
  const wide = [
    { key: 'fleet', label: 'Fleet' },
    { key: 'rank', label: 'Rank', numeric: true },
    { key: 'sail', label: 'Sail number' },
    { key: 'boat', label: 'Boat' },
    { key: 'skipper', label: 'Skipper' },
    ...[1, 2, 3, 4].map((n) => ({ key: `r${n}`, label: `R${n}`, numeric: true })),
    { key: 'total', label: 'Total', numeric: true },
    { key: 'nett', label: 'Nett', numeric: true },
    { key: 'sailed', label: 'Races sailed', numeric: true },
  ];
  const boats = [['USA 40700', 'Wind Dancer', 'Skyler Kim'], ['USA 40704', 'Second Wind', 'Rowan Bennett'], ['USA 40702', 'Blue Heron', 'Hayden Cruz'], ['USA 40705', 'Rum Line', 'Parker Hughes']];
  const rows = boats.map(([sail, boat, skipper], i) => ({ fleet: 'IRC 1', rank: i + 1, sail, boat, skipper, r1: 2, r2: i === 3 ? '7 DNF' : 1, r3: 2, r4: 1, total: 6, nett: 6, sailed: 4 }));
  const bytes = await renderPdf({ ...table, columns: wide, sections: [{ heading: 'IRC 1', rows }] });
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  const items = (await (await pdf.getPage(1)).getTextContent()).items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [{ text: item.str, y: Math.round(item.transform[5]) }] : []));
  await pdf.destroy();
  const yOf = (text: string) => items.find((item) => item.text === text)?.y;
  for (const [sail, boat, skipper] of boats) {
    assert.notEqual(yOf(boat!), undefined, `${boat} is one text run`);
    assert.equal(yOf(boat!), yOf(sail!), `${boat} on the row of ${sail}`);
    assert.equal(yOf(skipper!), yOf(sail!), `${skipper} on the row of ${sail}`);
  }
});
