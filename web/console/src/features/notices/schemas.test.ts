import { test } from 'node:test';
import assert from 'node:assert/strict';
import { amendSchema, documentToAmend, emptyPost, postSchema, toAmendRequest, toPostRequest } from './schemas';

function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

test('a notice needs a kind, a title and a text or a web address', () => {
  assert.deepEqual(issues(postSchema.safeParse(emptyPost)), { title: 'validation.required', body: 'notices:validation.textOrUrl' });
  assert.deepEqual(issues(postSchema.safeParse({ ...emptyPost, title: 'Notice of Race', body: '   ' })), { body: 'notices:validation.textOrUrl' });
  assert.equal(postSchema.safeParse({ ...emptyPost, title: 'Notice of Race', body: 'Racing starts at 10:00.' }).success, true);
  assert.equal(postSchema.safeParse({ ...emptyPost, title: 'Notice of Race', url: 'https://club.example.org/nor.pdf' }).success, true);
});

test('the limits of the API: title 200, text 100,000, an http(s) address of 2,000', () => {
  const base = { ...emptyPost, title: 'T', body: 'B' };
  assert.deepEqual(issues(postSchema.safeParse({ ...base, title: 'x'.repeat(201) })), { title: 'validation.tooLong' });
  assert.equal(postSchema.safeParse({ ...base, title: 'x'.repeat(200) }).success, true);
  assert.deepEqual(issues(postSchema.safeParse({ ...base, body: 'x'.repeat(100_001) })), { body: 'validation.tooLong' });
  assert.deepEqual(issues(postSchema.safeParse({ ...base, url: 'ftp://club.example.org/nor.pdf' })), { url: 'validation.url' });
  assert.deepEqual(issues(postSchema.safeParse({ ...base, url: 'club.example.org' })), { url: 'validation.url' });
  assert.deepEqual(issues(postSchema.safeParse({ ...base, url: `https://example.org/${'x'.repeat(2000)}` })), { url: 'validation.tooLong' });
  assert.deepEqual(Object.keys(issues(postSchema.safeParse({ ...base, kind: 'memo' }))), ['kind']);
});

test('post body: what was typed, without empty fields', () => {
  assert.deepEqual(toPostRequest({ kind: 'nor', title: ' Notice of Race ', body: 'Racing from 10:00.', url: '' }), { kind: 'nor', title: 'Notice of Race', body: 'Racing from 10:00.' });
  assert.deepEqual(toPostRequest({ kind: 'si', title: 'SI', body: ' ', url: ' https://club.example.org/si.pdf ' }), { kind: 'si', title: 'SI', url: 'https://club.example.org/si.pdf' });
});

test('an amendment starts from the version in force and sends every field, clearing emptied ones', () => {
  const values = documentToAmend({ id: 'd', eventId: 'e', kind: 'si', title: 'Sailing Instructions', url: 'https://club.example.org/si.pdf', body: null, publishedAt: '2026-11-27T03:11:57.888Z', currentVersion: 1, currentVersionAt: '2026-11-27T03:11:57.888Z' });
  assert.deepEqual(values, { kind: 'si', title: 'Sailing Instructions', body: '', url: 'https://club.example.org/si.pdf', note: '' });
  const amended = { ...values, body: 'SI 11: course area Alpha.', url: '', note: ' Amendment 1 ' };
  assert.equal(amendSchema.safeParse(amended).success, true);
  assert.deepEqual(toAmendRequest(amended), { kind: 'si', title: 'Sailing Instructions', body: 'SI 11: course area Alpha.', url: null, note: 'Amendment 1' });
  assert.deepEqual(issues(amendSchema.safeParse({ ...values, url: '', note: 'x'.repeat(2001) })), { note: 'validation.tooLong', body: 'notices:validation.textOrUrl' });
});
