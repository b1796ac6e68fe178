import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyRankingForm, rankingFormSchema, toPlacePoints, toRankingInput } from './form';

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
