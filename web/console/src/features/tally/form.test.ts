import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formOf, settingsOf, settingsSchema } from './form';

test('a German comma and an empty deadline become the API body: 2,5 points, no deadline', () => {
  const parsed = settingsSchema.parse({ signInDeadline: '', missedSignOut: 'dnc', missedSignIn: 'points', penaltyPoints: '2,5' });
  assert.deepEqual(settingsOf(parsed), { signInDeadline: null, missedSignOut: 'dnc', missedSignIn: 'points', penaltyPoints: 2.5 });
  assert.deepEqual(formOf(settingsOf(parsed)), { signInDeadline: '', missedSignOut: 'dnc', missedSignIn: 'points', penaltyPoints: '2.5' });
});

test('refused: 24:00, points below 0.1, two decimals, words', () => {
  const errors = (values: Record<string, string>) =>
    settingsSchema.safeParse({ signInDeadline: '18:00', missedSignOut: 'none', missedSignIn: 'none', penaltyPoints: '2', ...values }).error?.issues.map((issue) => issue.message) ?? [];
  assert.deepEqual(errors({ signInDeadline: '24:00' }), ['tally:settings.deadlineError']);
  assert.deepEqual(errors({ penaltyPoints: '0' }), ['tally:settings.pointsError']);
  assert.deepEqual(errors({ penaltyPoints: '1.25' }), ['tally:settings.pointsError']);
  assert.deepEqual(errors({ penaltyPoints: 'two' }), ['tally:settings.pointsError']);
  assert.deepEqual(errors({}), []);
});
