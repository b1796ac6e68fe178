import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTENT_TYPE_MAX, RESPONSE_EXCERPT_BYTES, completeUtf8Length, responseExcerpt } from './response-excerpt.js';

const bytes = (text: string) => new TextEncoder().encode(text);

test('a body of up to 2048 bytes is kept whole; 2049 bytes keep 2048 and say truncated', () => {
  assert.equal(RESPONSE_EXCERPT_BYTES, 2048);
  const whole = responseExcerpt(bytes('a'.repeat(2048)), true, 'text/plain');
  assert.deepEqual({ ...whole, body: whole.body?.length }, { body: 2048, truncated: false, binary: false, contentType: 'text/plain' });
  const over = responseExcerpt(bytes('a'.repeat(2049)), true, undefined);
  assert.equal(over.body, 'a'.repeat(2048));
  assert.equal(over.truncated, true);
  assert.equal(over.contentType, null);
  // A reader that stopped after 2049 of 5000 bytes: the same excerpt.
  assert.deepEqual(responseExcerpt(bytes('a'.repeat(2049)), false, undefined), over);
});

test('an empty body is the empty text, and a body still arriving when time ran out is truncated', () => {
  assert.deepEqual(responseExcerpt(new Uint8Array(), true, undefined), { body: '', truncated: false, binary: false, contentType: null });
  assert.deepEqual(responseExcerpt(bytes('{"ok":'), false, 'application/json'), {
    body: '{"ok":',
    truncated: true,
    binary: false,
    contentType: 'application/json',
  });
});

test('a cut never splits a character: "a" + 1024 × "é" (2049 bytes) keeps "a" + 1023 × "é" (2047 bytes)', () => {
  // "é" is 2 bytes; 1024 of them are exactly 2048 bytes and fit.
  assert.equal(responseExcerpt(bytes('é'.repeat(1024)), true, undefined).body, 'é'.repeat(1024));
  const cut = responseExcerpt(bytes('a' + 'é'.repeat(1024)), true, undefined);
  assert.equal(cut.body, 'a' + 'é'.repeat(1023));
  assert.equal(bytes(cut.body!).length, 2047);
  assert.equal(cut.truncated, true);
  // "⛵" is 3 bytes, "🏁" 4: 2046 × "a" + "🏁" cuts after 2 of its 4 bytes and drops them.
  assert.equal(responseExcerpt(bytes('a'.repeat(2046) + '🏁'), true, undefined).body, 'a'.repeat(2046));
  assert.equal(responseExcerpt(bytes('a'.repeat(2045) + '⛵'), true, undefined).body, 'a'.repeat(2045) + '⛵');
});

test('completeUtf8Length drops only an incomplete last character', () => {
  const boat = bytes('⛵'); // e2 9b b5
  assert.equal(completeUtf8Length(boat), 3);
  assert.equal(completeUtf8Length(boat.subarray(0, 2)), 0);
  assert.equal(completeUtf8Length(bytes('ab')), 2);
  assert.equal(completeUtf8Length(new Uint8Array()), 0);
});

test('a body that is not UTF-8 text keeps no text and says binary', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.deepEqual(responseExcerpt(png, true, 'image/png'), { body: null, truncated: false, binary: true, contentType: 'image/png' });
  // Valid UTF-8 but with a NUL byte: not storable as text.
  assert.equal(responseExcerpt(bytes('ok\u0000'), true, undefined).binary, true);
});

test('a content type longer than 200 characters is cut to 200', () => {
  assert.equal(responseExcerpt(bytes(''), true, 'text/plain; x=' + 'y'.repeat(300)).contentType?.length, CONTENT_TYPE_MAX);
});
