import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeFromFragment } from './enrol-code';

test('the code comes from the fragment of the QR payload', () => {
  assert.equal(codeFromFragment('#enrol=abc123'), 'abc123');
  assert.equal(codeFromFragment('enrol=abc%2B1'), 'abc+1');
  assert.equal(codeFromFragment('#other=1&enrol=x9'), 'x9');
});

test('no code, or an empty one, is none', () => {
  for (const hash of ['', '#', '#enrol=', '#enrol=%20', '#code=abc']) assert.equal(codeFromFragment(hash), undefined, hash);
});
