/**
 * One vocabulary everywhere: the OpenAPI document's enums of scoring systems, penalty bases,
 * handicap systems, rating keys, redress defaults and overall methods are the shared vocabulary of
 * @regatta/contracts, so a value added there and not documented (or the reverse) fails here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  HANDICAP_SYSTEMS,
  OVERALL_METHODS,
  OVERALL_POINTS_FORMULAS,
  PENALTY_BASES,
  RATING_FOR_SYSTEM,
  RATING_KEYS,
  REDRESS_DEFAULT_METHODS,
  SCORING_SYSTEMS,
} from '@regatta/contracts';
import { loadOpenApiDocument } from '@regatta/openapi';

type Schema = { enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema };
const schemas = (loadOpenApiDocument()['components'] as { schemas: Record<string, Schema> }).schemas;
const sorted = (values: readonly unknown[] | undefined) => [...(values ?? [])].map(String).sort();

test('scoring systems, penalty bases and handicap systems: the document lists the vocabulary', () => {
  assert.deepEqual(sorted(schemas['ScoringSystem']!.enum), sorted(SCORING_SYSTEMS));
  assert.deepEqual(sorted(schemas['PenaltyBasis']!.enum), sorted(PENALTY_BASES));
  assert.deepEqual(sorted(schemas['HandicapSystem']!.enum), sorted(HANDICAP_SYSTEMS));
  assert.deepEqual(sorted(schemas['ResultsScoringSystem']!.properties!['type']!.enum), sorted([...SCORING_SYSTEMS, 'mixed']));
  assert.deepEqual(sorted(schemas['WebhookDataStandingsUpdated']!.properties!['scoringSystem']!.enum), sorted(SCORING_SYSTEMS));
  assert.ok(HANDICAP_SYSTEMS.includes('vprs'), 'VPRS is one of the systems');
});

test('rating keys: every system needing a rating has its key documented on the boat', () => {
  const documented = Object.keys(schemas['BoatRatings']!.properties ?? {});
  for (const key of RATING_KEYS) assert.ok(documented.includes(key), `BoatRatings lacks ${key}`);
  for (const system of HANDICAP_SYSTEMS) {
    const spec = RATING_FOR_SYSTEM[system];
    if (spec) assert.ok((RATING_KEYS as readonly string[]).includes(spec.key), `${system} needs ${spec.key}`);
  }
});

test('redress defaults and overall methods: the document lists the vocabulary', () => {
  assert.deepEqual(sorted(schemas['RedressDefaults']!.properties!['defaultMethod']!.enum), sorted(REDRESS_DEFAULT_METHODS));
  assert.deepEqual(sorted(schemas['OverallRequest']!.properties!['method']!.enum), sorted(OVERALL_METHODS));
  assert.deepEqual(sorted(schemas['OverallRequest']!.properties!['pointsFormula']!.enum), sorted(OVERALL_POINTS_FORMULAS));
});
