import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deviceState, mayRecord, newDeviceToken, validityWindow } from './devices.js';

const now = new Date('2026-07-11T08:00:00.000Z');
const event = { endDate: new Date('2026-07-12T00:00:00.000Z'), timeZone: 'Europe/Rome' };

test('by default a device records from now to the end of the regatta last day in its time zone', () => {
  // 12 July 23:59:59.999 in Rome (UTC+2) is 21:59:59.999Z.
  assert.deepEqual(validityWindow({}, event, now), { validFrom: now, validUntil: new Date('2026-07-12T21:59:59.999Z') });
});

test('a window that is empty, over, or longer than 14 days is refused', () => {
  assert.equal(validityWindow({ validUntil: new Date('2026-07-11T07:00:00Z') }, event, now), undefined);
  assert.equal(validityWindow({ validFrom: now, validUntil: new Date('2026-07-25T08:00:00.001Z') }, event, now), undefined);
  assert.ok(validityWindow({ validFrom: now, validUntil: new Date('2026-07-25T08:00:00.000Z') }, event, now));
});

test('states: awaiting its code, active, expired, revoked; only an active one in its window records', () => {
  const device = { redeemedAt: null, revokedAt: null, codeExpiresAt: new Date('2026-07-11T08:15:00Z'), validFrom: now, validUntil: new Date('2026-07-12T22:00:00Z') };
  assert.equal(deviceState(device, now), 'awaiting_redeem');
  assert.equal(deviceState(device, new Date('2026-07-11T08:15:00Z')), 'expired');
  const redeemed = { ...device, redeemedAt: now };
  assert.equal(deviceState(redeemed, now), 'active');
  assert.equal(mayRecord(redeemed, now), true);
  assert.equal(mayRecord(redeemed, new Date('2026-07-12T22:00:00Z')), false);
  assert.equal(deviceState({ ...redeemed, revokedAt: now }, now), 'revoked');
  assert.equal(mayRecord({ ...redeemed, revokedAt: now }, now), false);
  assert.match(newDeviceToken(), /^rgd_[1-9A-HJ-NP-Za-km-z]{40}$/);
});
