import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkWebhookUrl } from './url-rules.js';

const ok = (url: string, env: 'development' | 'test' | 'production') => checkWebhookUrl(url, env).ok;

test('production: absolute https to a public host only', () => {
  assert.equal(ok('https://hooks.example.org/regatta', 'production'), true);
  assert.equal(ok('http://hooks.example.org/regatta', 'production'), false);
  assert.equal(ok('https://127.0.0.1/x', 'production'), false);
  assert.equal(ok('https://localhost/x', 'production'), false);
  assert.equal(ok('https://[::1]/x', 'production'), false);
  assert.equal(ok('https://10.0.0.5/x', 'production'), false);
  assert.equal(ok('https://169.254.169.254/latest', 'production'), false);
  assert.equal(ok('https://8.8.8.8/x', 'production'), true);
});

test('development and test: https anywhere, plain http only to loopback', () => {
  assert.equal(ok('http://127.0.0.1:9999/hook', 'test'), true);
  assert.equal(ok('http://localhost:9999/hook', 'development'), true);
  assert.equal(ok('http://[::1]:9999/hook', 'development'), true);
  assert.equal(ok('http://hooks.example.org/hook', 'development'), false);
  assert.equal(ok('https://hooks.example.org/hook', 'development'), true);
});

test('not absolute, other schemes, credentials and overlong URLs are refused with a reason', () => {
  assert.deepEqual(checkWebhookUrl('/relative', 'test'), { ok: false, message: 'must be an absolute URL' });
  assert.deepEqual(checkWebhookUrl('ftp://example.org/x', 'test'), { ok: false, message: 'must be an http(s) URL' });
  assert.deepEqual(checkWebhookUrl('https://user:pw@example.org/x', 'test'), { ok: false, message: 'must not carry credentials' });
  assert.equal(ok(`https://example.org/${'a'.repeat(2048)}`, 'test'), false);
  assert.deepEqual(checkWebhookUrl('https://Example.org/a?b=1', 'production'), { ok: true, url: 'https://example.org/a?b=1' });
});
