/**
 * The parity report's categories through the gateway: a Sailwave file whose only differences are the
 * cells where Sailwave departs from RRS 44.3(c) (a penalty on a tied boat added to the tie's first
 * place; a penalty not capped at the DNF score) is imported, answered as `rules_differences` with each
 * cell named, and GET /standings keeps the rules' scores (7.5 + 2 = 9.5; 9 + 2 capped at 10). The places
 * are stored as places (the tie included), with no finish or elapsed time invented.
 *
 *   STACK_SLOT=5 node --conditions=@regatta/source --import tsx scripts/with-stack.ts \
 *     node --conditions=@regatta/source --import tsx --test services/results-scoring/test/sailwave-rules-differences.test.ts
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { apiClient, createOrganization, newActor, type Actor } from '@regatta/testing';
import { tiedPenaltySeries } from '../src/modules/exchange/domain/synthetic.js';

const api = apiClient();
let owner: Actor;
let org: { id: string; slug: string };

before(async () => {
  owner = await newActor(api);
  org = await createOrganization(api, owner);
});

test('import: a fleet whose only differences are named rules differences is reported as such, and the platform keeps the rules\' scores', async () => {
  const response = await api.post(`/api/v1/organizations/${org.slug}/imports/sailwave`, undefined, {
    key: owner.key,
    rawBody: Buffer.from(tiedPenaltySeries(), 'latin1'),
    query: { fileName: 'winter.blw' },
    headers: { 'content-type': 'application/octet-stream' },
  });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  const body = response.body as any;
  assert.equal(body.parity.compared, 'stored');
  const [fleet] = body.parity.fleets;
  assert.equal(fleet.category, 'rules_differences');
  assert.equal(fleet.exact, false);
  assert.equal(fleet.representable, true);
  assert.deepEqual(
    fleet.rulesDifferences.map((d: any) => [d.sailNumber, d.race, d.sailwave, d.rules, d.rule]),
    [['IRL s7', 1, 9, 9.5, 'RRS 44.3(c), A7'], ['IRL s9', 2, 11, 10, 'RRS 44.3(c)']],
  );
  assert.match(fleet.rulesDifferences[0].reason, /\(7\.5 \+ 2 = 9\.5\)/);
  // Each differing race says which rule decides it; the totals differ by exactly those cells.
  const s7 = fleet.differences.find((d: any) => d.sailNumber === 'IRL s7');
  assert.deepEqual(s7.races, [{ race: 1, sailwave: 9, platform: 9.5, rule: 'RRS 44.3(c), A7' }]);
  assert.deepEqual([s7.sailwave.total, s7.platform.total], [16, 16.5]);

  const standings = (await api.get(`/api/v1/events/${body.event.slug}/standings`, { key: owner.key })).body as any;
  const bySail = new Map<string, any>(standings.data.standings.map((s: any) => [s.boat.sail, s]));
  const points = (sail: string) => bySail.get(sail).raceResults.map((r: any) => r.points);
  assert.deepEqual([points('IRL s7'), points('IRL s8'), points('IRL s9')], [[9.5, 7], [7.5, 8], [9, 10]]);

  // The one-design places are stored as places: no finish or elapsed time is invented for them.
  const race1 = (await api.get(`/api/v1/events/${body.event.slug}/results`, { key: owner.key, query: { race: '1' } })).body as any;
  const results = race1.data.races[0].results as Array<{ boat: { sail: string }; finishTime: string | null; elapsedTime: string | null }>;
  assert.equal(results.length, 9);
  assert.deepEqual(results.filter((r) => r.finishTime !== null || r.elapsedTime !== null).map((r) => r.boat.sail), []);
});
