import { test } from 'node:test';
import assert from 'node:assert/strict';
import { definitionFieldOf, partOptions, splitFieldOf, toDefinitionInput, toSplitForm, toThresholds } from './split-form';

const fleets = ['q-yellow', 'q-blue', 'silver', 'gold', 'medal', 'other'];

test('two qualifying fleets, gold before silver whatever their order on the page, a double-points medal race for ten', () => {
  const input = toDefinitionInput(
    { parts: { 'q-yellow': 'qualifying', 'q-blue': 'qualifying', silver: 'final:2', gold: 'final:1', medal: 'medal', other: '' }, carry: 'continuous', medalSize: '10', medalMultiplier: '2', discardThresholds: '4; 9', maxFinalDiscards: '1' },
    fleets,
  );
  assert.deepEqual(input, { qualifyingFleets: ['q-yellow', 'q-blue'], finalFleets: ['gold', 'silver'], carry: 'continuous', discardThresholds: [4, 9], maxFinalDiscards: 1, medal: { fleetId: 'medal', size: 10, multiplier: 2 } });
});

test('no medal fleet: no medal race in the definition; a multiplier typed 1,5 is 1.5', () => {
  const values = { parts: { 'q-yellow': 'qualifying', gold: 'final:1', silver: 'final:2' }, carry: 'net_plus_net' as const, medalSize: '', medalMultiplier: '1,5', discardThresholds: '', maxFinalDiscards: '' };
  assert.equal('medal' in toDefinitionInput(values, fleets), false);
  // No discards typed: none, and no limit on the final series.
  assert.deepEqual([toDefinitionInput(values, fleets).discardThresholds, toDefinitionInput(values, fleets).maxFinalDiscards], [[], null]);
  assert.equal(toDefinitionInput({ ...values, parts: { ...values.parts, medal: 'medal' }, medalSize: '6' }, fleets).medal?.multiplier, 1.5);
});

test('a stored definition reads back as the same parts', () => {
  const values = toSplitForm({ event: 'e', qualifyingFleets: ['q-yellow'], finalFleets: ['gold', 'silver'], carry: 'rank_seed', discardThresholds: [4, 9], maxFinalDiscards: 0, medal: { fleetId: 'medal', size: 8, multiplier: 2 }, updatedAt: '' });
  assert.deepEqual(values, { parts: { 'q-yellow': 'qualifying', gold: 'final:1', silver: 'final:2', medal: 'medal' }, carry: 'rank_seed', medalSize: '8', medalMultiplier: '2', discardThresholds: '4; 9', maxFinalDiscards: '0' });
  // Saved again as shown, the stored discards are kept (the definition is replaced whole).
  assert.deepEqual([toDefinitionInput(values, fleets).discardThresholds, toDefinitionInput(values, fleets).maxFinalDiscards], [[4, 9], 0]);
  assert.deepEqual(toDefinitionInput(values, fleets).finalFleets, ['gold', 'silver']);
  assert.deepEqual(toSplitForm(null).parts, {});
});

test('four fleets offer final fleets 1 to 3 besides qualifying and medal', () => {
  assert.deepEqual(partOptions(4), ['', 'qualifying', 'final:1', 'final:2', 'final:3', 'medal']);
});

test('a refusal lands on the part of the fleet it names, the medal size, or the split boat', () => {
  const input = toDefinitionInput({ parts: { 'q-yellow': 'qualifying', 'q-blue': 'qualifying', gold: 'final:1', medal: 'medal' }, carry: 'continuous', medalSize: '0', medalMultiplier: '2', discardThresholds: '', maxFinalDiscards: '' }, fleets);
  assert.equal(definitionFieldOf('qualifyingFleets.1', input), 'q-blue');
  assert.equal(definitionFieldOf('body.finalFleets[0]', input), 'gold');
  assert.equal(definitionFieldOf('medal.fleetId', input), 'medal');
  assert.equal(definitionFieldOf('medal.size', input), 'medalSize');
  assert.equal(definitionFieldOf('discardThresholds.1', input), 'discardThresholds');
  assert.equal(definitionFieldOf('body.maxFinalDiscards', input), 'maxFinalDiscards');
  assert.equal(definitionFieldOf('qualifyingFleets', input), null);
  assert.equal(splitFieldOf('assignments.1.boat', [{ boat: 'b1' }, { boat: 'b2' }]), 'b2');
  assert.equal(splitFieldOf('method', []), 'method');
  assert.equal(splitFieldOf('assignments', []), null);
});

test('discard thresholds typed with semicolons, commas or spaces', () => {
  assert.deepEqual(toThresholds('4; 9'), [4, 9]);
  assert.deepEqual(toThresholds(' 4, 9 13 '), [4, 9, 13]);
  assert.deepEqual(toThresholds(''), []);
  assert.equal(Number.isNaN(toThresholds('4; x')[1]), true);
});
