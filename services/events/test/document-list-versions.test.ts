/**
 * The documents of a regatta, as its detail lists them (include=documents) and as posting or amending
 * one answers, say which version is in force and when it was posted, so a notice board shows both
 * without a request per document. Through the gateway.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiClient } from '@regatta/testing';
import { createEvent, newClub, ok, setStatus } from './helpers.js';

const api = apiClient();

test('each listed document carries its current version and the time that version was posted', async () => {
  const club = await newClub();
  const key = club.organizer.key;
  const event = await createEvent(club);
  await setStatus(club, event.slug, 'published');
  const posted = (await ok(api.post(`/api/v1/events/${event.slug}/documents`, { kind: 'si', title: 'Sailing Instructions', body: 'SI 11: Bravo.' }, { key }), 201)).data;
  assert.deepEqual([posted.currentVersion, posted.currentVersionAt], [1, posted.publishedAt]);
  const notice = (await ok(api.post(`/api/v1/events/${event.slug}/documents`, { kind: 'notice', title: 'Briefing at 09:00', body: 'Clubhouse.' }, { key }), 201)).data;

  const first = (await ok(api.patch(`/api/v1/events/${event.slug}/documents/${posted.id}`, { body: 'SI 11: Alpha.', note: 'Amendment 1' }, { key }))).data;
  const second = (await ok(api.patch(`/api/v1/events/${event.slug}/documents/${posted.id}`, { body: 'SI 11: Charlie.', note: 'Amendment 2' }, { key }))).data;
  assert.equal(first.currentVersion, 2);
  assert.equal(second.currentVersion, 3);
  assert.ok(Date.parse(second.currentVersionAt) > Date.parse(first.currentVersionAt), `${second.currentVersionAt} after ${first.currentVersionAt}`);

  const versions = (await ok(api.get(`/api/v1/events/${event.slug}/documents/${posted.id}/versions`, { key }))).data;
  const listed = (await ok(api.get(`/api/v1/events/${event.slug}`, { key, query: { include: 'documents' } }))).data.documents;
  const si = listed.find((d: { id: string }) => d.id === posted.id);
  // Version 3 in force, posted when the second amendment was; first posted when version 1 was.
  assert.deepEqual(
    [si.currentVersion, si.currentVersionAt, si.publishedAt, si.body],
    [3, versions.versions[2].publishedAt, versions.versions[0].publishedAt, 'SI 11: Charlie.'],
  );
  const briefing = listed.find((d: { id: string }) => d.id === notice.id);
  assert.deepEqual([briefing.currentVersion, briefing.currentVersionAt], [1, notice.publishedAt]);
});
