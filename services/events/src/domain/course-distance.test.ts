import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { courseDistanceRefusal } from './course-distance.js';

const races = [
  { race_number: 3, course_distance_nm: null },
  { race_number: 1, course_distance_nm: null },
  { race_number: 2, course_distance_nm: 4.2 },
];

describe('may a fleet become time-on-distance?', () => {
  it('no while any of its races has no course distance: the refusal names them, in order', () => {
    const refusal = courseDistanceRefusal({ fleetName: 'PHRF A', system: 'phrf_tod', scoringSystem: 'low_point' }, races);
    assert.deepEqual(refusal?.races, [1, 3]);
    assert.match(refusal!.detail, /Fleet PHRF A would score phrf_tod \(time on distance\), but race\(s\) 1, 3 have no course distance/);
    assert.deepEqual(courseDistanceRefusal({ fleetName: 'ORC 1', system: 'orc_tod', scoringSystem: 'high_point' }, races)?.races, [1, 3]);
  });
  it('yes when every race states its distance, or the fleet has no race yet', () => {
    assert.equal(courseDistanceRefusal({ fleetName: 'PHRF A', system: 'phrf_tod', scoringSystem: 'low_point' }, [{ race_number: 1, course_distance_nm: 5 }]), undefined);
    assert.equal(courseDistanceRefusal({ fleetName: 'PHRF A', system: 'phrf_tod', scoringSystem: 'low_point' }, []), undefined);
  });
  it('yes for systems that correct without the distance, and for pursuit (order on the water)', () => {
    for (const system of ['one_design', 'phrf_tot', 'irc', 'orc_tot', 'portsmouth_rya'] as const) assert.equal(courseDistanceRefusal({ fleetName: 'F', system, scoringSystem: 'low_point' }, races), undefined);
    assert.equal(courseDistanceRefusal({ fleetName: 'F', system: 'phrf_tod', scoringSystem: 'pursuit' }, races), undefined);
  });
});
