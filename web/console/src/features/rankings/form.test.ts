import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyRankingForm, fromRankingList, rankingFormSchema, toPlacePoints, toRankingChange, toRankingInput } from './form';

test('best 2 of 12 months, linear, one class: the createRanking body', () => {
  const values = { ...emptyRankingForm, name: ' ILCA 7 ranking ', filters: { class: 'ILCA 7', nationality: '' } };
  assert.deepEqual(toRankingInput(values), {
    name: 'ILCA 7 ranking',
    formula: { kind: 'best_n', n: 2, placePoints: 'linear', windowMonths: 12 },
    filters: { class: 'ILCA 7' },
    defaultFactor: 1,
    visibility: 'public',
  });
});

test('every result counts: no n in the body; a German decimal comma is a factor of 0.8', () => {
  const values = { ...emptyRankingForm, name: 'Winter', formula: { kind: 'all' as const, n: '', placePoints: 'linear', windowMonths: '6' }, defaultFactor: '0,8' };
  assert.deepEqual(toRankingInput(values).formula, { kind: 'all', placePoints: 'linear', windowMonths: 6 });
  assert.equal(toRankingInput(values).defaultFactor, 0.8);
  assert.equal(rankingFormSchema.safeParse(values).success, true);
});

test('a class-association table is typed with semicolons: 100; 80; 65,5', () => {
  assert.deepEqual(toPlacePoints('100; 80; 65,5'), [100, 80, 65.5]);
  assert.equal(toPlacePoints('Linear'), 'linear');
  assert.equal(rankingFormSchema.safeParse({ ...emptyRankingForm, name: 'T', formula: { ...emptyRankingForm.formula, placePoints: '100, 80' } }).success, false);
});

test('best n needs a whole number; a name is required', () => {
  const parsed = rankingFormSchema.safeParse({ ...emptyRankingForm, formula: { ...emptyRankingForm.formula, n: 'two' } });
  assert.equal(parsed.success, false);
  const paths = parsed.error!.issues.map((issue) => issue.path.join('.')).sort();
  assert.deepEqual(paths, ['formula.n', 'name']);
});

test("a list's settings in the form and back: a table in German notation, the filters the form does not show kept", () => {
  const list = {
    id: 'd4ed6489-ff94-47ac-a94e-92be48d8dc82',
    organizationId: 'eb3fc8c6-0846-4bc2-9549-ce531964f148',
    name: 'U19 women',
    formula: { kind: 'all' as const, placePoints: [100, 80, 65.5], windowMonths: 12 },
    filters: { class: 'ILCA 6', ageGroup: 'U19', nationality: null, gender: 'female' },
    defaultFactor: 0.8,
    visibility: 'members' as const,
    createdAt: '2026-11-27T03:12:15.162Z',
    updatedAt: '2026-11-27T03:12:15.873Z',
  };
  const values = fromRankingList(list, 'de');
  assert.deepEqual([values.formula.placePoints, values.defaultFactor, values.formula.n], ['100; 80; 65,5', '0,8', '']);
  // Best 3 instead of every result: the body carries the whole formula and the age group and gender as they were.
  assert.deepEqual(toRankingChange({ ...values, formula: { ...values.formula, kind: 'best_n', n: '3' } }, list), {
    name: 'U19 women',
    formula: { kind: 'best_n', n: 3, placePoints: [100, 80, 65.5], windowMonths: 12 },
    filters: { class: 'ILCA 6', ageGroup: 'U19', gender: 'female' },
    defaultFactor: 0.8,
    visibility: 'members',
  });
  assert.equal(fromRankingList({ ...list, formula: { kind: 'best_n', n: 2, placePoints: 'linear', windowMonths: 12 } }, 'en').formula.n, '2');
});
