import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeDevice, requestLocale } from './devices.js';

test('a user agent becomes browser on system, without versions', () => {
  assert.equal(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'), 'Firefox on Linux');
  assert.equal(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:129.0) Gecko/20100101 Firefox/129.0'), 'Firefox on Linux');
  assert.equal(
    describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    'Safari on iPhone',
  );
  assert.equal(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0'), 'Edge on Windows');
  assert.equal(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36'), 'Chrome on macOS');
  assert.equal(describeDevice('curl/8.5.0'), 'curl');
  assert.equal(describeDevice(undefined), 'an unknown device');
});

test('German when the browser asks for it first, else English', () => {
  assert.equal(requestLocale('de-DE,de;q=0.9,en;q=0.8'), 'de');
  assert.equal(requestLocale('en-GB,de;q=0.9'), 'en');
  assert.equal(requestLocale(undefined), 'en');
});
