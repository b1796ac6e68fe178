import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formRefusal, isLate, lodgerRefusal, protestorPartyOf, type LodgingForm } from './lodging.js';
import { viewOf, type ProtestParties } from './visibility.js';

const form = (extra: Partial<LodgingForm> = {}): LodgingForm => ({ type: 'boat', raceIds: ['r1'], protestorBoatId: 'A', protesteeBoatIds: ['B'], ...extra });
const competitor = (...boats: string[]) => ({ kind: 'competitor' as const, ownBoatIds: new Set(boats) });

test('the form names what its type needs', () => {
  assert.equal(formRefusal(form()), undefined);
  assert.equal(formRefusal(form({ protesteeBoatIds: [] }))?.field, 'protesteeBoats');
  assert.equal(formRefusal(form({ protestorBoatId: null }))?.field, 'protestorBoat');
  assert.equal(formRefusal(form({ protesteeBoatIds: ['A'] }))?.detail, 'a boat cannot protest herself');
  assert.equal(formRefusal(form({ type: 'race_committee', protestorBoatId: 'A' }))?.field, 'protestorBoat');
  assert.equal(formRefusal(form({ type: 'race_committee', protestorBoatId: null })), undefined);
  // Redress needs no protestee (it is usually about the race committee's act); a scoring inquiry none either.
  assert.equal(formRefusal(form({ type: 'redress', protesteeBoatIds: [] })), undefined);
  assert.equal(formRefusal(form({ type: 'scoring_inquiry', protesteeBoatIds: [] })), undefined);
});

test('a competitor lodges for her own boat only, and never a committee protest', () => {
  assert.equal(lodgerRefusal(form(), competitor('A')), undefined);
  assert.equal(lodgerRefusal(form(), competitor('C'))?.code, 'not_your_boat');
  assert.equal(lodgerRefusal(form({ type: 'protest_committee', protestorBoatId: null }), competitor('A'))?.code, 'not_a_member');
  assert.equal(lodgerRefusal(form({ type: 'redress', protestorBoatId: null, protesteeBoatIds: [] }), competitor('A'))?.code, 'validation_failed');
  assert.equal(lodgerRefusal(form({ protestorBoatId: 'C' }), { kind: 'committee' }), undefined);
});

test('protestor party', () => {
  assert.equal(protestorPartyOf(form()), 'boat');
  assert.equal(protestorPartyOf(form({ type: 'protest_committee', protestorBoatId: null })), 'protest_committee');
  assert.equal(protestorPartyOf(form({ type: 'redress', protestorBoatId: null })), 'race_committee');
});

test('late is after the deadline, to the millisecond; no deadline is never late', () => {
  const deadline = new Date('2025-06-01T18:30:00Z');
  assert.equal(isLate(new Date('2025-06-01T18:30:00Z'), deadline), false);
  assert.equal(isLate(new Date('2025-06-01T18:30:00.001Z'), deadline), true);
  assert.equal(isLate(new Date('2030-01-01T00:00:00Z'), null), false);
});

test('visibility: members all, the lodger and the boats concerned in full, the public the notice board only', () => {
  const p: ProtestParties = { protestorBoatId: 'A', protesteeBoatIds: ['B'], hearingPartyBoatIds: [], hasHearing: false, decided: false, lodgedByUserId: 'u-a' };
  const viewer = (extra: Partial<{ member: boolean; userId: string | null; ownBoatIds: Set<string> }> = {}) => ({ member: false, userId: null, ownBoatIds: new Set<string>(), ...extra });
  assert.equal(viewOf(p, viewer({ member: true })), 'full');
  assert.equal(viewOf(p, viewer({ userId: 'u-a' })), 'full');
  assert.equal(viewOf(p, viewer({ userId: 'u-b', ownBoatIds: new Set(['B']) })), 'party');
  assert.equal(viewOf(p, viewer({ userId: 'u-c', ownBoatIds: new Set(['C']) })), null);
  assert.equal(viewOf({ ...p, hasHearing: true }, viewer()), 'notice');
  assert.equal(viewOf({ ...p, decided: true }, viewer()), 'notice');
  assert.equal(viewOf({ ...p, hearingPartyBoatIds: ['C'] }, viewer({ ownBoatIds: new Set(['C']) })), 'party');
});
