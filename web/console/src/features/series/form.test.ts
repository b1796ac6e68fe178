import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byFleet, emptySeriesForm, fromSeries, seriesFormSchema, toCreateSeries, toSeriesChange, toggled } from './form';

test('a new series of two regattas, best one of them: the createSeries body', () => {
  const values = { ...emptySeriesForm(2026), name: ' Winter Series ', events: ['frostbite-1-2026', 'frostbite-2-2026'], bestOf: '1' };
  assert.deepEqual(toCreateSeries(values, 'harbour-yc'), {
    organization: 'harbour-yc',
    name: 'Winter Series',
    year: 2026,
    description: null,
    events: ['frostbite-1-2026', 'frostbite-2-2026'],
    scoringRule: 'sum_of_net',
    bestOf: 1,
  });
  assert.equal(seriesFormSchema.safeParse(values).success, true);
});

test('no regatta, a year of two digits and best-of "two" are refused on their fields', () => {
  const parsed = seriesFormSchema.safeParse({ ...emptySeriesForm(2026), name: 'S', year: '26', bestOf: 'two' });
  assert.equal(parsed.success, false);
  assert.deepEqual(parsed.error!.issues.map((issue) => issue.path.join('.')).sort(), ['bestOf', 'events', 'year']);
});

test('a stored series in the form and back: every regatta kept, best-of cleared to null', () => {
  const series = {
    id: '4c65286c-7e76-4bf9-ac9f-9729f0463ffe',
    slug: 'winter-series-2026',
    name: 'Winter Series',
    description: 'Sundays',
    year: 2026,
    organization: { id: 'c67e3358-fae6-40b2-9c19-f2af599760c3', name: 'Harbour YC', slug: 'harbour-yc' },
    scoringRule: 'event_places' as const,
    bestOf: 2,
    eventCount: 2,
    createdAt: '2026-11-27T03:11:58.260Z',
    events: [{ slug: 'frostbite-1-2026' }, { slug: 'frostbite-2-2026' }] as never,
  };
  const values = fromSeries(series);
  assert.deepEqual([values.events, values.bestOf, values.scoringRule, values.description], [['frostbite-1-2026', 'frostbite-2-2026'], '2', 'event_places', 'Sundays']);
  assert.deepEqual(toSeriesChange({ ...values, bestOf: '' }), { name: 'Winter Series', description: 'Sundays', events: ['frostbite-1-2026', 'frostbite-2-2026'], scoringRule: 'event_places', bestOf: null });
});

test('ticking regattas and grouping the standings by fleet', () => {
  assert.deepEqual(toggled(['a', 'b'], 'c', true), ['a', 'b', 'c']);
  assert.deepEqual(toggled(['a', 'b', 'c'], 'b', false), ['a', 'c']);
  assert.deepEqual(toggled(['a'], 'a', true), ['a']);
  const grouped = byFleet([{ fleet: 'ILCA 7', n: 1 }, { fleet: 'ILCA 6', n: 1 }, { fleet: 'ILCA 7', n: 2 }]);
  assert.deepEqual(grouped.map(([fleet, rows]) => [fleet, rows.map((row) => row.n)]), [['ILCA 7', [1, 2]], ['ILCA 6', [1]]]);
});
