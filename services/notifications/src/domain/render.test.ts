import assert from 'node:assert/strict';
import { test } from 'node:test';
import { de } from './locales/de.js';
import { en } from './locales/en.js';
import { formatTime, renderMessage } from './render.js';

const regatta = { name: 'Kieler Woche', slug: 'kieler-woche', timeZone: 'Europe/Berlin' };

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) => (typeof inner === 'object' && inner !== null ? keysOf(inner as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

test('English and German have the same keys', () => {
  assert.deepEqual(keysOf(de).sort(), keysOf(en).sort());
});

test('times are written in the regatta time zone: 12:30 UTC on 20 June is 14:30 CEST in Kiel', () => {
  assert.match(formatTime('2026-06-20T12:30:00Z', 'en', 'Europe/Berlin'), /14:30/);
  assert.match(formatTime('2026-06-20T12:30:00Z', 'en', null), /12:30/);
  assert.match(formatTime('2026-01-20T12:30:00Z', 'de', 'America/New_York'), /07:30/);
});

test('a notice in German: subject, text and HTML parts, the link and the unsubscribe link', () => {
  const message = renderMessage({
    params: { kind: 'notice', regatta, action: 'added', title: 'Amendment 1 <SI>', at: '2026-06-20T07:00:00Z' },
    locale: 'de',
    recipientName: 'Anna',
    link: 'https://regatta.example/regattas/kieler-woche',
    unsubscribeLink: 'https://regatta.example/api/v1/notifications/unsubscribe?token=abc',
  });
  assert.equal(message.subject, 'Kieler Woche: neue Bekanntmachung „Amendment 1 <SI>“');
  assert.match(message.text, /Hallo Anna,/);
  assert.match(message.text, /am 20\.06\.2026, 09:00 MESZ/);
  assert.match(message.text, /Zeiten in Europe\/Berlin/);
  assert.match(message.text, /abbestellen: https:\/\/regatta\.example\/api\/v1\/notifications\/unsubscribe\?token=abc/);
  assert.match(message.html, /Amendment 1 &lt;SI&gt;/);
  assert.match(message.html, /<html lang="de">/);
  assert.match(message.html, /href="https:\/\/regatta\.example\/regattas\/kieler-woche"/);
});

test('a password reset has no unsubscribe link and says it cannot be switched off', () => {
  const message = renderMessage({
    params: { kind: 'password_reset', linkId: 'x', expiresAt: '2026-06-20T08:00:00Z' },
    locale: 'en',
    recipientName: 'Bob',
    link: 'https://regatta.example/console/reset-password?id=x&token=y',
    unsubscribeLink: null,
  });
  assert.equal(message.subject, 'Reset your password');
  assert.match(message.text, /cannot be switched off/);
  assert.doesNotMatch(message.text, /Stop messages/);
  assert.match(message.html, /reset-password\?id=x&amp;token=y/);
});

test('a waitlist promotion in English names the boat and fleet', () => {
  const message = renderMessage({
    params: { kind: 'entry', regatta, status: 'promoted', boat: 'Wind Song', fleet: 'ILCA 7' },
    locale: 'en',
    recipientName: 'Cara',
    link: 'https://regatta.example/regattas/kieler-woche/entries',
    unsubscribeLink: 'https://u',
  });
  assert.equal(message.subject, 'Kieler Woche: your entry moved up from the waitlist');
  assert.match(message.text, /Wind Song in ILCA 7 at Kieler Woche moved up from the waitlist/);
});

test("the office's move tells the entrant the new fleet and boat, in English and German; waiting says so", () => {
  const render = (locale: 'en' | 'de', waiting?: boolean) => renderMessage({
    params: { kind: 'entry', regatta, status: 'moved', boat: 'Wind Song (GER 7)', fleet: 'ILCA 6', ...(waiting ? { waiting } : {}) },
    locale,
    recipientName: 'Cara',
    link: 'https://regatta.example/regattas/kieler-woche/entries',
    unsubscribeLink: 'https://u',
  });
  const en = render('en');
  assert.equal(en.subject, 'Kieler Woche: your entry moved to ILCA 6');
  assert.match(en.text, /it now sails as Wind Song \(GER 7\) in ILCA 6\./);
  assert.doesNotMatch(en.text, /waitlist/);
  const de = render('de', true);
  assert.equal(de.subject, 'Kieler Woche: Ihre Meldung wurde nach ILCA 6 verschoben');
  assert.match(de.text, /Sie segelt jetzt als Wind Song \(GER 7\) in ILCA 6\./);
  assert.match(de.text, /Warteliste von ILCA 6/);
});

test('a protest lodged names the kind of case in words, never the API value', () => {
  const render = (locale: 'en' | 'de', type: string) => renderMessage({
    params: { kind: 'organizer_protest', regatta, number: 4, type, at: '2026-06-20T15:10:00Z' },
    locale,
    recipientName: 'Jo',
    link: 'https://regatta.example/regattas/kieler-woche',
    unsubscribeLink: 'https://regatta.example/api/v1/notifications/unsubscribe?token=abc',
  });
  assert.match(render('en', 'race_committee').text, /Case 4, a protest by the race committee, was lodged on .*17:10/);
  assert.match(render('de', 'redress').text, /Fall 4, ein Antrag auf Wiedergutmachung, wurde am/);
  assert.doesNotMatch(render('en', 'scoring_inquiry').text, /scoring_inquiry/);
});

test('the organizers\' daily digest lists each change, in both languages', () => {
  const items = [
    { change: 'new' as const, boat: 'Boat 1', sailor: 'Ann', fleet: 'ILCA 7' },
    { change: 'new' as const, boat: 'Boat 2', sailor: 'Ben', fleet: 'ILCA 7' },
    { change: 'withdrawn' as const, boat: 'Boat <3>', sailor: 'Cy', fleet: 'ILCA 6' },
  ];
  const input = { params: { kind: 'organizer_entry' as const, regatta, day: '2027-06-12', dueAt: '2027-06-12T16:00:00Z', items }, recipientName: 'Olga', link: 'https://regatta.example/regattas/kieler-woche/entries', unsubscribeLink: 'https://u.example/x' };
  const english = renderMessage({ ...input, locale: 'en' });
  assert.equal(english.subject, 'Kieler Woche: 3 changes to the entries on 12 Jun 2027');
  assert.match(english.text, /since the last digest, up to 12 Jun 2027, 18:00 CEST:/);
  assert.match(english.text, /- New: Boat 1 \(Ann\) in ILCA 7\n- New: Boat 2 \(Ben\) in ILCA 7\n- Withdrawn: Boat <3> \(Cy\) in ILCA 6\n/);
  assert.match(english.html, /<ul>\n<li>New: Boat 1 \(Ann\) in ILCA 7<\/li>/);
  assert.match(english.html, /<li>Withdrawn: Boat &lt;3&gt; \(Cy\) in ILCA 6<\/li>/);
  const german = renderMessage({ ...input, locale: 'de', params: { ...input.params, items: items.slice(0, 1) } });
  assert.equal(german.subject, 'Kieler Woche: 1 Änderung der Meldungen am 12.06.2027');
  assert.match(german.text, /- Neu: Boat 1 \(Ann\) in ILCA 7/);
});

test('a guest sailor\'s message says why it came instead of pointing to the console', () => {
  const message = renderMessage({
    params: { kind: 'notice', regatta, action: 'added', title: 'SI', at: '2026-06-20T07:00:00Z' },
    locale: 'en',
    recipientName: 'Gus',
    link: 'https://regatta.example/regattas/kieler-woche',
    unsubscribeLink: 'https://u.example/x',
    guest: true,
  });
  assert.match(message.text, /the organizers of Kieler Woche entered you with this address/);
  assert.doesNotMatch(message.text, /console/);
});
