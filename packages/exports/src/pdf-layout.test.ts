/** The column plan of the PDF: never a column too narrow for pdfkit, blocks of columns when too wide. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CUT_FLOOR_EM, MAX_FONT, MIN_FONT, MIN_TEXT_EM, PAD, identifyingColumns, planColumns } from './pdf-layout.js';

const AVAILABLE = 770; // A4 landscape less the margins
const total = (widths: readonly number[]) => widths.reduce((a, b) => a + b, 0);

test('plan: a table that fits keeps the largest font and one block', () => {
  const plan = planColumns([20, 40, 60], [true, false, false], AVAILABLE);
  assert.equal(plan.fontSize, MAX_FONT);
  assert.deepEqual(plan.blocks.map((block) => block.columns), [[0, 1, 2]]);
  assert.deepEqual(plan.blocks[0]!.widths, [20 + 2 * PAD, 40 + 2 * PAD, 60 + 2 * PAD]);
});

test('plan: one very long cell is cut to the room the others leave, not shrinking them to nothing', () => {
  const plan = planColumns([10, 20_000], [false, false], AVAILABLE);
  assert.equal(plan.blocks.length, 1);
  const [first, second] = plan.blocks[0]!.widths;
  assert.ok(first! >= MIN_TEXT_EM * plan.fontSize + 2 * PAD);
  assert.ok(Math.abs(first! + second! - AVAILABLE) < 1e-6 || first! + second! <= AVAILABLE);
});

test('plan: at 6 pt the widest columns are cut, never below the floor, narrow ones untouched', () => {
  const plan = planColumns([400, 400, 400, 30, 30], [false, false, false, true, true], AVAILABLE);
  assert.equal(plan.fontSize, MIN_FONT);
  assert.equal(plan.blocks.length, 1);
  const widths = plan.blocks[0]!.widths;
  assert.ok(total(widths) <= AVAILABLE + 1e-6);
  assert.equal(widths[3], (30 * MIN_FONT) / MAX_FONT + 2 * PAD);
  for (const width of widths.slice(0, 3)) assert.ok(width >= CUT_FLOOR_EM * MIN_FONT + 2 * PAD);
});

test('plan: hundreds of columns split into blocks within the page, each repeating the identifying columns', () => {
  for (const races of [30, 250, 360, 2000]) {
    const numeric = [false, true, false, false, false, ...Array<boolean>(races).fill(true), true, true];
    const texts = [25, 20, 50, 60, 40, ...Array<number>(races).fill(36), 25, 0];
    const plan = planColumns(texts, numeric, AVAILABLE);
    assert.ok(plan.blocks.length > 1, `${races} races`);
    const seen = new Set<number>();
    for (const block of plan.blocks) {
      assert.deepEqual(block.columns.slice(0, 5), [0, 1, 2, 3, 4]);
      assert.ok(total(block.widths) <= AVAILABLE + 1e-6);
      for (const width of block.widths) assert.ok(width >= MIN_TEXT_EM * plan.fontSize + 2 * PAD);
      for (const column of block.columns.slice(5)) seen.add(column);
    }
    assert.equal(seen.size, texts.length - 5);
    const sizes = plan.blocks.map((block) => block.columns.length);
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `balanced blocks: ${sizes.join(',')}`);
  }
});

test('plan: zero-width and empty columns still get the minimum width', () => {
  const plan = planColumns(Array<number>(400).fill(0), Array<boolean>(400).fill(false), AVAILABLE);
  for (const block of plan.blocks) for (const width of block.widths) assert.ok(width >= MIN_TEXT_EM * plan.fontSize + 2 * PAD);
});

test('identifying columns: those before the first run of numeric columns, else the first', () => {
  assert.equal(identifyingColumns([false, true, false, false, false, true, true, true]), 5);
  assert.equal(identifyingColumns([false, true, false, true, false]), 1);
  assert.equal(identifyingColumns([]), 0);
});
