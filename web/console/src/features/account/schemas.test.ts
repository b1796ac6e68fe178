import { test } from 'node:test';
import assert from 'node:assert/strict';
import { safeNext, signInSchema, signUpSchema } from './schemas';

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  // The first message per field is the one the form shows.
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

test('sign-up asks what the API asks: a name, an e-mail, a password of 10 to 200 characters', () => {
  assert.deepEqual(messages(signUpSchema.safeParse({ name: ' ', email: 'x', password: '123456789' })), {
    name: 'validation.required',
    email: 'validation.email',
    password: 'validation.passwordLength',
  });
  assert.equal(signUpSchema.safeParse({ name: 'Sam', email: 'sam@club.example.org', password: '1234567890' }).success, true);
  assert.deepEqual(messages(signUpSchema.safeParse({ name: 'Sam', email: 'sam@club.example.org', password: 'x'.repeat(201) })), { password: 'validation.tooLong' });
});

test('sign-in needs an e-mail and any non-empty password', () => {
  assert.deepEqual(messages(signInSchema.safeParse({ email: '', password: '' })), { email: 'validation.required', password: 'validation.required' });
  assert.equal(signInSchema.safeParse({ email: 'a@b.org', password: 'x' }).success, true);
});

test('after sign-in only a path of the console is followed, never another site', () => {
  assert.equal(safeNext('/orgs/ahyc/regattas?tab=past'), '/orgs/ahyc/regattas?tab=past');
  assert.equal(safeNext('//evil.example/'), '/');
  assert.equal(safeNext('https://evil.example/'), '/');
  assert.equal(safeNext('/\\evil.example'), '/');
  assert.equal(safeNext(null), '/');
});
