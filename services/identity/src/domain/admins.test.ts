import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adminsAfter, keepsAnAdmin } from './admins.js';

test('an organization keeps at least one admin: the last one can be neither demoted nor removed', () => {
  // One admin (ann): demoting or removing her leaves 0 admins.
  assert.deepEqual(adminsAfter(['ann'], 'ann', 'member'), []);
  assert.equal(keepsAnAdmin(['ann'], 'ann', 'member'), false);
  assert.equal(keepsAnAdmin(['ann'], 'ann', null), false);
  // Two admins: demoting one leaves 1.
  assert.deepEqual(adminsAfter(['ann', 'bob'], 'ann', 'member'), ['bob']);
  assert.equal(keepsAnAdmin(['ann', 'bob'], 'ann', 'member'), true);
  // A member's change never touches the admins: 1 stays 1, a promotion makes 2.
  assert.deepEqual(adminsAfter(['ann'], 'cat', 'member'), ['ann']);
  assert.deepEqual(adminsAfter(['ann'], 'cat', 'admin'), ['ann', 'cat']);
  // Re-stating the last admin's role keeps her (1 admin, not 2).
  assert.deepEqual(adminsAfter(['ann'], 'ann', 'admin'), ['ann']);
  assert.equal(keepsAnAdmin(['ann'], 'ann', 'admin'), true);
});
