/** The class filter: a fleet's class id or its name, case-insensitively. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchesClass } from './filters.js';

const ilca7 = { classId: '4f0c8e1a-0000-4000-8000-000000000007', fleetName: 'ILCA 7' };

test('a fleet with a class matches its class id and its name; one without matches its name', () => {
  assert.equal(matchesClass({ class: 'ilca 7' }, ilca7), true);
  assert.equal(matchesClass({ class: ilca7.classId.toUpperCase() }, ilca7), true);
  assert.equal(matchesClass({ class: 'ILCA 6' }, ilca7), false);
  assert.equal(matchesClass({ class: ' J/70 ' }, { classId: null, fleetName: 'j/70' }), true);
  assert.equal(matchesClass({ class: 'J/70' }, { classId: null, fleetName: null }), false);
  assert.equal(matchesClass({}, { classId: null, fleetName: null }), true);
});
