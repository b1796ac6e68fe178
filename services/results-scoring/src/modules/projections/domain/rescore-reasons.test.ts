import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { raceChangeReason, registrationChangeReason, setupChangeReason } from './rescore-reasons.js';

describe('reasons recorded for re-scores caused by races and entries', () => {
  test("a set-up change names who made it: the name, else the user id, else the race committee", () => {
    assert.equal(setupChangeReason({ by: 'u-7', byName: 'Ann Lee' }), 'fleet set-up changed by Ann Lee');
    assert.equal(setupChangeReason({ by: 'u-7', byName: null }), 'fleet set-up changed by u-7');
    assert.equal(setupChangeReason({ by: null, byName: '' }), 'fleet set-up changed by the race committee');
  });

  test('a race change names the scoring fields that changed, in words, and leaves the others out', () => {
    assert.equal(raceChangeReason(2, ['weight', 'must_count']), 'race 2 changed (weight, must-count)');
    assert.equal(raceChangeReason(3, ['name', 'discard_first', 'scheduled_start']), 'race 3 changed (discard-first)');
    assert.equal(raceChangeReason(1, ['course_distance_nm']), 'race 1 changed (course distance)');
    assert.equal(raceChangeReason(4, ['name']), 'race 4 changed');
  });

  test('a rating change names the boat by sail number (its name without one); other registration changes name the status', () => {
    assert.equal(registrationChangeReason({ sailNumber: 'GBR 7', boatName: 'Jade' }, 'registered', ['rating_changes']), 'rating of GBR 7 changed');
    assert.equal(registrationChangeReason({ sailNumber: null, boatName: 'Jade' }, 'registered', ['rating_changes']), 'rating of Jade changed');
    assert.equal(registrationChangeReason({ sailNumber: 'GBR 7', boatName: 'Jade' }, 'cancelled', ['status']), 'entries changed (GBR 7 cancelled)');
  });

  test("an organizer's boat correction says so and what was corrected, naming the boat as corrected", () => {
    assert.equal(registrationChangeReason({ sailNumber: 'GBR 8', boatName: 'Jade' }, 'registered', ['boat.sail_number', 'boat.model']), 'boat GBR 8 corrected (sail number, class)');
    assert.equal(registrationChangeReason({ sailNumber: null, boatName: 'Jade II' }, 'registered', ['boat.name']), 'boat Jade II corrected (name)');
    // Other changed fields (crew, payment) are not a correction: the entries changed.
    assert.equal(registrationChangeReason({ sailNumber: 'GBR 7', boatName: 'Jade' }, 'registered', ['payment_status']), 'entries changed (GBR 7 registered)');
  });

  test('an entry moved to another fleet is named with the fleet it went to, whatever else changed', () => {
    assert.equal(registrationChangeReason({ sailNumber: 'GBR 7', boatName: 'Jade' }, 'registered', ['fleet_id', 'boat_id'], 'ILCA 6'), 'entries changed (GBR 7 moved to ILCA 6)');
    assert.equal(registrationChangeReason({ sailNumber: null, boatName: 'Jade' }, 'waitlisted', ['fleet_id', 'status'], 'ILCA 6'), 'entries changed (Jade moved to ILCA 6)');
  });
});
