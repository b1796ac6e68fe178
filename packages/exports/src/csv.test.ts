import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CSV_BOM, renderCsv } from './csv.js';
import type { ExportTable } from './table.js';

const table: ExportTable = {
  title: 'Kiel Week',
  subject: 'Standings',
  status: 'provisional',
  asOf: '2025-06-01T14:05:09.000Z',
  filename: 'kiel-week-standings',
  columns: [
    { key: 'fleet', label: 'Fleet' },
    { key: 'rank', label: 'Rank', numeric: true },
    { key: 'boat', label: 'Boat' },
    { key: 'nett', label: 'Nett', numeric: true },
  ],
  sections: [
    { heading: 'ILCA 7', rows: [{ fleet: 'ILCA 7', rank: 1, boat: 'Ødegård, "Fast" one', nett: 3.5 }, { fleet: 'ILCA 7', rank: 2, boat: 'line\nbreak', nett: null }] },
    { heading: '49er', rows: [{ fleet: '49er', rank: 1, boat: '=HYPERLINK("x")', nett: 4 }] },
  ],
};

test('CSV: BOM, header row, RFC 4180 quoting, CRLF, one row per boat across fleets', () => {
  const csv = renderCsv(table);
  assert.ok(csv.startsWith(CSV_BOM));
  assert.equal(
    csv.slice(1),
    'Fleet,Rank,Boat,Nett\r\n' + 'ILCA 7,1,"Ødegård, ""Fast"" one",3.5\r\n' + 'ILCA 7,2,"line\nbreak",\r\n' + `49er,1,"'=HYPERLINK(""x"")",4\r\n`,
  );
});

test('CSV: UTF-8 bytes of a Nordic name survive', () => {
  const bytes = Buffer.from(renderCsv(table), 'utf8');
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  assert.ok(bytes.includes(Buffer.from('Ødegård', 'utf8')));
});

test('CSV: a number is never prefixed, only formula-like text', () => {
  const csv = renderCsv({ ...table, sections: [{ heading: 'x', rows: [{ fleet: '-x', rank: -1, boat: '+1', nett: 0 }] }] });
  assert.equal(csv.split('\r\n')[1], "'-x,-1,'+1,0");
});

test('CSV: a header label (an event name in series standings) is escaped like a data cell', () => {
  const label = '=HYPERLINK("http://evil.example/","click")';
  const csv = renderCsv({ ...table, columns: [{ key: 'boat', label: 'Boat' }, { key: 'e1', label, numeric: true }, { key: 'e2', label: '@SUM(A1)' }], sections: [{ heading: 'x', rows: [{ boat: 'Ada', e1: 3, e2: '+x' }] }] });
  assert.equal(csv.slice(1).split('\r\n')[0], `Boat,"'=HYPERLINK(""http://evil.example/"",""click"")",'@SUM(A1)`);
  assert.equal(csv.split('\r\n')[1], "Ada,3,'+x");
});
