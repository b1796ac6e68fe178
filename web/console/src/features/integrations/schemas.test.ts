import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EVENT_GROUPS,
  WEBHOOK_EVENT_TYPES,
  apiKeySchema,
  embedTokenSchema,
  isWebOrigin,
  originLines,
  suggestedOrigin,
  toApiKeyRequest,
  webhookSchema,
} from './schemas';
import { previewPath, widgetSnippet } from './embed';

const firstMessage = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

test('an API key needs a name, at least one scope and at most 365 days', () => {
  assert.equal(firstMessage(apiKeySchema.safeParse({ name: ' ', scopes: ['read'], expiresInDays: '' })), 'validation.required');
  assert.equal(firstMessage(apiKeySchema.safeParse({ name: 'x'.repeat(101), scopes: ['read'], expiresInDays: '' })), 'validation.tooLong');
  assert.equal(firstMessage(apiKeySchema.safeParse({ name: 'Results bot', scopes: [], expiresInDays: '' })), 'integrations:validation.scopes');
  assert.equal(firstMessage(apiKeySchema.safeParse({ name: 'Results bot', scopes: ['read'], expiresInDays: '0' })), 'validation.min');
  assert.equal(firstMessage(apiKeySchema.safeParse({ name: 'Results bot', scopes: ['read'], expiresInDays: '366' })), 'validation.max');
  assert.equal(firstMessage(apiKeySchema.safeParse({ name: 'Results bot', scopes: ['read'], expiresInDays: '3.5' })), 'validation.number');
  assert.equal(apiKeySchema.safeParse({ name: 'Results bot', scopes: ['read'], expiresInDays: '365' }).success, true);
});

test('the key request lists scopes in the API order and leaves out an empty expiry', () => {
  assert.deepEqual(toApiKeyRequest({ name: ' Results bot ', scopes: ['results', 'read'], expiresInDays: '' }), { name: 'Results bot', scopes: ['read', 'results'] });
  assert.deepEqual(toApiKeyRequest({ name: 'Bot', scopes: ['admin'], expiresInDays: '30' }), { name: 'Bot', scopes: ['admin'], expiresInDays: 30 });
});

test('allowed origins are exact web origins, one per line, 1 to 20', () => {
  assert.ok(isWebOrigin('https://club.example.org'));
  assert.ok(isWebOrigin('http://127.0.0.1:8080'));
  assert.equal(isWebOrigin('https://club.example.org/'), false, 'no trailing slash');
  assert.equal(isWebOrigin('https://club.example.org/results'), false, 'no path');
  assert.equal(isWebOrigin('https://Club.example.org'), false, 'host in lower case, as browsers send it');
  assert.equal(isWebOrigin('https://club.example.org:443'), false, 'no default port');
  assert.equal(isWebOrigin('ftp://club.example.org'), false);
  assert.equal(isWebOrigin(`https://${'a'.repeat(190)}.example.org`), false, 'at most 200 characters');
  assert.deepEqual(originLines(' https://a.example.org \r\n\n https://b.example.org\n'), ['https://a.example.org', 'https://b.example.org']);
  const message = (allowedOrigins: string) => firstMessage(embedTokenSchema.safeParse({ name: 'Club site', allowedOrigins }));
  assert.equal(message('\n \n'), 'integrations:validation.originsRequired');
  assert.equal(message('https://club.example.org\nclub.example.org'), 'integrations:validation.origin');
  assert.equal(message(Array.from({ length: 21 }, (_, i) => `https://s${i}.example.org`).join('\n')), 'integrations:validation.originsTooMany');
  assert.equal(message('https://club.example.org\nhttp://localhost:5173'), undefined);
});

test('a line that is almost an origin suggests the origin meant', () => {
  assert.equal(suggestedOrigin('https://club.example.org/'), 'https://club.example.org');
  assert.equal(suggestedOrigin('club.example.org/results'), 'https://club.example.org');
  assert.equal(suggestedOrigin('https://club.example.org'), undefined, 'already an origin');
  assert.equal(suggestedOrigin('not a host at all'), undefined);
});

test('every public event type is offered in exactly one group', () => {
  const grouped = Object.values(EVENT_GROUPS).flat();
  assert.equal(new Set(grouped).size, grouped.length, 'no type in two groups');
  assert.equal(WEBHOOK_EVENT_TYPES.length, 30);
  assert.ok(EVENT_GROUPS.results.includes('standings.updated'));
});

test('a webhook needs an absolute http(s) URL without credentials and one or more event types', () => {
  const message = (url: string, events: string[] = ['results.published']) => firstMessage(webhookSchema.safeParse({ url, events, active: true }));
  assert.equal(message('https://hooks.example.org/regatta'), undefined);
  assert.equal(message('http://127.0.0.1:9999/hook'), undefined, 'the API decides whether plain http to loopback is allowed');
  assert.equal(message(''), 'validation.required');
  assert.equal(message('hooks.example.org/regatta'), 'integrations:validation.webhookUrl');
  assert.equal(message('https://user:pw@hooks.example.org/'), 'integrations:validation.webhookUrl');
  assert.equal(message('mailto:office@example.org'), 'integrations:validation.webhookUrl');
  assert.equal(message(`https://hooks.example.org/${'x'.repeat(2030)}`), 'validation.tooLong');
  assert.equal(message('https://hooks.example.org/', []), 'integrations:validation.events');
  assert.equal(message('https://hooks.example.org/', ['ping']) !== undefined, true, 'ping cannot be subscribed to');
});

test('the snippet is the widget script and one element, ready to paste', () => {
  assert.equal(
    widgetSnippet('https://regatta.example.org', 'spring-cup', 'rgt_embed_abc'),
    '<script src="https://regatta.example.org/embed/v1/regatta-widget.js" async></script>\n' +
      '<regatta-results event="spring-cup" token="rgt_embed_abc" view="standings"></regatta-results>',
  );
  assert.match(widgetSnippet('https://r.example.org', 'a"b', 't', 'results'), /event="a&quot;b" token="t" view="results"/);
  assert.equal(previewPath('spring-cup', 'rgt_embed_a+b'), '/embed/v1/demo?event=spring-cup&token=rgt_embed_a%2Bb&view=standings&lang=en#step-preview');
  assert.equal(previewPath('spring-cup', 't', 'schedule', 'de'), '/embed/v1/demo?event=spring-cup&token=t&view=schedule&lang=de#step-preview');
});
