import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KIND_RULES, NOTIFICATION_KINDS, OPTIONAL_KINDS, wanted } from './kinds.js';

const regattaA = '00000000-0000-4000-8000-00000000000a';
const regattaB = '00000000-0000-4000-8000-00000000000b';

test('a kind switched off in general stops it for every regatta; per regatta only for that one', () => {
  assert.equal(wanted('notice', regattaA, []), true);
  assert.equal(wanted('notice', regattaA, [{ kind: 'notice', eventKey: '' }]), false);
  assert.equal(wanted('notice', regattaB, [{ kind: 'notice', eventKey: regattaA }]), true);
  assert.equal(wanted('notice', regattaA, [{ kind: 'notice', eventKey: regattaA }]), false);
  assert.equal(wanted('results', regattaA, [{ kind: 'notice', eventKey: '' }]), true);
});

test('safety and security kinds cannot be switched off', () => {
  for (const kind of ['password_reset', 'email_confirmation', 'new_device', 'sign_in_missing'] as const) {
    assert.equal(wanted(kind, null, [{ kind, eventKey: '' }]), true);
    assert.equal(OPTIONAL_KINDS.includes(kind as never), false);
  }
  assert.equal(OPTIONAL_KINDS.length, 8);
});

test('only new entries and withdrawals may come as a daily digest; safety and protests stay at once', () => {
  assert.deepEqual(NOTIFICATION_KINDS.filter((kind) => KIND_RULES[kind].digest), ['organizer_entry']);
  assert.equal(KIND_RULES.sign_in_missing.digest, false);
  assert.equal(KIND_RULES.sign_in_missing.atOnce, true);
  assert.equal(KIND_RULES.organizer_protest.digest, false);
});
