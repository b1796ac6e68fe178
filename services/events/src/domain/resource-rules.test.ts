import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventCancelRefusal, eventDeletionRefusal, fleetDeletionRefusal, isSetupField, raceDeletionRefusal, raceStatusRefusal, setupChangeReason } from './resource-rules.js';
import { sameFleetValue } from './fleet-fields.js';

describe('can an event be deleted?', () => {
  it('yes without registrations or series', () => {
    assert.equal(eventDeletionRefusal({ status: 'published', registrations: 0, series: 0 }), undefined);
  });
  it('no with registrations (even cancelled ones): cancel it instead', () => {
    const refusal = eventDeletionRefusal({ status: 'published', registrations: 1, series: 0 });
    assert.equal(refusal?.code, 'event_has_registrations');
    assert.match(refusal!.detail, /cancel/);
  });
  it('no while a series lists it', () => {
    assert.equal(eventDeletionRefusal({ status: 'draft', registrations: 0, series: 2 })?.code, 'event_in_series');
  });
  it('registrations win over series (the refusal that keeps history first)', () => {
    assert.equal(eventDeletionRefusal({ status: 'draft', registrations: 3, series: 2 })?.code, 'event_has_registrations');
  });
});

describe('can an event be cancelled?', () => {
  it('from draft, published and ongoing', () => {
    for (const status of ['draft', 'published', 'ongoing'] as const) assert.equal(eventCancelRefusal(status), undefined);
  });
  it('not when completed or already cancelled', () => {
    assert.equal(eventCancelRefusal('completed')?.code, 'event_closed');
    assert.equal(eventCancelRefusal('cancelled')?.code, 'event_already_cancelled');
  });
});

describe('can a fleet be deleted?', () => {
  it('only with no entries and no races', () => {
    assert.equal(fleetDeletionRefusal({ registrations: 0, races: 0 }), undefined);
    assert.equal(fleetDeletionRefusal({ registrations: 1, races: 0 })?.code, 'fleet_in_use');
    assert.equal(fleetDeletionRefusal({ registrations: 0, races: 2 })?.code, 'fleet_in_use');
  });
});

describe('can a race be deleted or its status changed by the schedule?', () => {
  it('a scheduled or postponed race without results can be deleted', () => {
    assert.equal(raceDeletionRefusal({ status: 'scheduled', hasResults: false }), undefined);
    assert.equal(raceDeletionRefusal({ status: 'postponed', hasResults: false }), undefined);
  });
  it('a race with results, started or finished cannot', () => {
    assert.equal(raceDeletionRefusal({ status: 'finished', hasResults: true })?.code, 'race_has_results');
    assert.equal(raceDeletionRefusal({ status: 'started', hasResults: false })?.code, 'race_has_results');
    assert.equal(raceDeletionRefusal({ status: 'abandoned', hasResults: true })?.code, 'race_has_results');
  });
  it('nor can a race whose start was recorded, even abandoned afterwards and without results', () => {
    const start = new Date('2026-06-01T12:00:00Z');
    const refusal = raceDeletionRefusal({ status: 'abandoned', hasResults: false, actualStart: start });
    assert.equal(refusal?.code, 'race_has_results');
    assert.match(refusal!.detail, /abandoned after its start/);
    assert.equal(raceDeletionRefusal({ status: 'abandoned', hasResults: false, actualStart: null }), undefined);
  });
  it('postpone and abandon before the start; after it the results own the status', () => {
    assert.equal(raceStatusRefusal({ status: 'scheduled', hasResults: false }, 'postponed'), undefined);
    assert.equal(raceStatusRefusal({ status: 'postponed', hasResults: false }, 'abandoned'), undefined);
    assert.equal(raceStatusRefusal({ status: 'abandoned', hasResults: false }, 'scheduled'), undefined);
    assert.equal(raceStatusRefusal({ status: 'started', hasResults: false }, 'postponed')?.code, 'race_under_way');
    assert.equal(raceStatusRefusal({ status: 'finished', hasResults: true }, 'abandoned')?.code, 'race_under_way');
  });
  it('sending the status a race already has is no change, even with results', () => {
    assert.equal(raceStatusRefusal({ status: 'abandoned', hasResults: true }, 'abandoned'), undefined);
  });
});

describe('can a fleet set-up change?', () => {
  it('every field but the descriptive four is set-up (new engine options included)', () => {
    for (const field of ['name', 'classId', 'description', 'maxBoats']) assert.equal(isSetupField(field), false);
    for (const field of ['scoringSystem', 'dropRaces', 'handicap', 'penaltyBasis', 'discardThresholds', 'proportionalDiscards', 'someFutureOption']) assert.equal(isSetupField(field), true);
  });
  it('the revision reason names who changed it', () => {
    assert.equal(setupChangeReason('Ann Race Officer'), 'fleet set-up changed by Ann Race Officer');
  });
  it('values compare by content (key order of objects ignored, arrays in order)', () => {
    assert.equal(sameFleetValue({ system: 'phrf_tot', params: { a: 650, b: 550 } }, { params: { b: 550, a: 650 }, system: 'phrf_tot' }), true);
    assert.equal(sameFleetValue([4, 8], [4, 8]), true);
    assert.equal(sameFleetValue([4, 8], [8, 4]), false);
    assert.equal(sameFleetValue(null, undefined), true);
    assert.equal(sameFleetValue(2, 3), false);
  });
});
