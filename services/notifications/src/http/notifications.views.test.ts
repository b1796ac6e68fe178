import assert from 'node:assert/strict';
import { test } from 'node:test';
import { unsubscribePage } from './notifications.views.js';

const labels = { notice: 'Bekanntmachungen und Änderungen', entry: 'Ihre Meldungen' } as Record<string, string>;
const kindLabel = (kind: string) => labels[kind] ?? kind;

test("a guest's unsubscribe page lists the messages of the entry: kind, subject, when (UTC), outcome", () => {
  const page = unsubscribePage('ask', 'de', 'a.b', 'Bekanntmachungen und Änderungen', {
    kindLabel: kindLabel as never,
    log: [
      { kind: 'notice', subject: 'Kieler Woche: <Änderung> 1', status: 'failed', createdAt: new Date('2027-06-12T09:00:00Z'), sentAt: null, failedAt: new Date('2027-06-12T09:05:00Z') },
      { kind: 'entry', subject: null, status: 'sent', createdAt: new Date('2027-06-11T15:59:00Z'), sentAt: new Date('2027-06-11T16:00:00Z'), failedAt: null },
    ],
  });
  assert.match(page, /<h2>Nachrichten an Sie zu dieser Meldung<\/h2>/);
  // The failed one at its failure time, its subject escaped; the other without a subject under its kind.
  assert.match(page, /<td>Bekanntmachungen und Änderungen<\/td><td>Kieler Woche: &lt;Änderung&gt; 1<\/td><td>12\.06\.2027, 09:05 UTC<\/td><td>Fehlgeschlagen<\/td>/);
  assert.match(page, /<td>Ihre Meldungen<\/td><td>Ihre Meldungen<\/td><td>11\.06\.2027, 16:00 UTC<\/td><td>Zugestellt<\/td>/);
  assert.ok(page.indexOf('09:05') < page.indexOf('16:00'), 'in the order given (newest first)');
});

test('no messages yet says so; a person with an account sees no list; an invalid link none', () => {
  assert.match(unsubscribePage('ask', 'en', 'a.b', 'Notices', { kindLabel: kindLabel as never, log: [] }), /<h2>Messages sent to you about this entry<\/h2><p>None yet\.<\/p>/);
  assert.doesNotMatch(unsubscribePage('ask', 'en', 'a.b', 'Notices'), /Messages sent to you/);
  assert.doesNotMatch(unsubscribePage('invalid', 'en', 'a.b', '', { kindLabel: kindLabel as never, log: [] }), /Messages sent to you/);
});
