/**
 * A fleet's set-up changed while entries are being made (end to end through the gateway).
 *
 * Entries without an IRC rating sent while the fleet is switched to IRC: either the switch is
 * refused (400 missing_rating, the entries stand) or the entries that commit after it are refused;
 * never a fleet scored by IRC with an entered boat that has no IRC rating.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, uniqueSuffix } from '@regatta/testing';
import { newClub, ok, publishedEvent } from './helpers.js';

const api = apiClient();

describe('changing a fleet set-up while entries are made', () => {
  test('entries without an IRC rating racing a switch of their fleet to IRC: never a fleet on IRC with a boat lacking it', async (t) => {
    const club = await newClub('Setup Race');
    const key = club.organizer.key;
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round++) {
      const slug = await publishedEvent(club, 'Setup Cup');
      const fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Cruisers' }, { key }), 201)).data.id;
      const entries = Array.from({ length: 10 }, (_, k) =>
        api.post(
          `/api/v1/events/${slug}/register`,
          { fleet: fleetId, boat: { name: `Cruiser ${k}`, sailNumber: `IRC ${k} ${uniqueSuffix()}` }, sailor: { name: `Sailor ${k}`, email: `irc-${k}-${uniqueSuffix()}@example.org` } },
          { key },
        ),
      );
      const patch = new Promise((resolve) => setTimeout(resolve, 3 * round)).then(() => api.patch(`/api/v1/events/${slug}/fleets/${fleetId}`, { handicap: { system: 'irc' } }, { key }));
      const [switched, ...answers] = await Promise.all([patch, ...entries]);
      for (const answer of answers) {
        assert.ok(answer.status === 201 || (answer.status === 400 && answer.body.code === 'missing_rating'), answer.text);
      }
      const accepted = answers.filter((a) => a.status === 201).length;
      assert.ok(switched.status === 200 || (switched.status === 400 && switched.body.code === 'missing_rating'), switched.text);

      const fleet = (await ok(api.get(`/api/v1/events/${slug}`, { key, query: { include: 'fleets' } }))).data.fleets.find((f: any) => f.id === fleetId);
      const list = (await ok(api.get(`/api/v1/events/${slug}/registrations`, { key, query: { limit: 100 } }))).data;
      const withoutIrc = list.filter((r: any) => !r.boat?.ratings?.irc).length;
      assert.equal(list.length, accepted, 'every 201 is stored, nothing else');
      outcomes.push(`${switched.status}/${accepted}`);
      if (fleet.handicap.system === 'irc') assert.equal(withoutIrc, 0, `round ${round}: the fleet scores IRC yet ${withoutIrc} entered boat(s) have no IRC rating`);
      else assert.equal(switched.status, 400, 'a refused switch leaves the set-up as it was');
    }
    t.diagnostic(`switch status / entries accepted per round: ${outcomes.join(' ')}`);
  });
});
