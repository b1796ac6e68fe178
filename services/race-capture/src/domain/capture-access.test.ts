import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MEMBER_ROLES } from '@regatta/contracts';
import { captureRefusal, mayCaptureAs } from './capture-access.js';

test('recording and devices: admins, race officers and scorers; a plain member is refused for the role, an outsider for membership', () => {
  assert.deepEqual(
    MEMBER_ROLES.map((role) => [role, captureRefusal(role, 'record')]),
    [
      ['admin', undefined],
      ['member', 'capture_role_required'],
      ['race-officer', undefined],
      ['scorer', undefined],
    ],
  );
  assert.equal(captureRefusal(undefined, 'record'), 'not_a_member');
});

test('reading back the log and reconciliation: every role of the organization, nobody outside it', () => {
  assert.deepEqual(
    MEMBER_ROLES.map((role) => captureRefusal(role, 'read')),
    [undefined, undefined, undefined, undefined],
  );
  assert.equal(captureRefusal(undefined, 'read'), 'not_a_member');
});

test('the capture roles are exactly three of the four', () => {
  assert.deepEqual(MEMBER_ROLES.filter(mayCaptureAs), ['admin', 'race-officer', 'scorer']);
});
