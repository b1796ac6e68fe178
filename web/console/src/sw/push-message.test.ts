import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pushNotice, sameOriginLink } from './push-message';

const SCOPE = 'https://regatta.example.org/console/';

test('a link of the console origin is kept, relative links resolve against the scope', () => {
  assert.equal(sameOriginLink('https://regatta.example.org/console/account', SCOPE), 'https://regatta.example.org/console/account');
  assert.equal(sameOriginLink('https://regatta.example.org/regattas/kiel-week/hearings', SCOPE), 'https://regatta.example.org/regattas/kiel-week/hearings');
  assert.equal(sameOriginLink('/regattas/kiel-week', SCOPE), 'https://regatta.example.org/regattas/kiel-week');
  assert.equal(sameOriginLink('account', SCOPE), 'https://regatta.example.org/console/account');
});

test('an off-site link, another port or scheme, or a script opens the start page instead', () => {
  for (const link of [
    'https://evil.example/console/account',
    'https://regatta.example.org.evil.example/console/',
    'http://regatta.example.org/console/account',
    'https://regatta.example.org:8443/console/account',
    '//evil.example/x',
    'javascript:alert(1)',
    'data:text/html,<p>hi</p>',
    'https://user:pw@evil.example/',
    '',
    42,
    undefined,
  ]) {
    assert.equal(sameOriginLink(link, SCOPE), SCOPE, String(link));
  }
});

test("the service's payload: title, body and page", () => {
  const payload = JSON.stringify({ title: 'Hearing scheduled: case 3', body: 'The hearing is at 14:30 CEST in the jury room.', url: 'https://regatta.example.org/regattas/kiel-week/hearings', kind: 'hearing' });
  assert.deepEqual(pushNotice(payload, SCOPE), {
    title: 'Hearing scheduled: case 3',
    body: 'The hearing is at 14:30 CEST in the jury room.',
    url: 'https://regatta.example.org/regattas/kiel-week/hearings',
    kind: 'hearing',
  });
});

test('a payload that is not the JSON still shows, under the host name, and opens the start page', () => {
  assert.deepEqual(pushNotice('plain words', SCOPE), { title: 'regatta.example.org', body: 'plain words', url: SCOPE });
  assert.deepEqual(pushNotice(null, SCOPE), { title: 'regatta.example.org', body: '', url: SCOPE });
  assert.deepEqual(pushNotice('{"body": 7, "url": "https://evil.example/"}', SCOPE), { title: 'regatta.example.org', body: '', url: SCOPE });
  // Over-long texts are cut: 200 characters of title, 500 of body.
  const long = pushNotice(JSON.stringify({ title: 'T'.repeat(300), body: 'B'.repeat(900), url: '/console/' }), SCOPE);
  assert.equal(long.title.length, 200);
  assert.equal(long.body.length, 500);
});
