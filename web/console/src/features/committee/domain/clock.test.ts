import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bestOffset, offsetOf, toServerTime } from './clock';

test('a symmetric round trip: the server is 4 s ahead, the link took 200 ms', () => {
  // Sent at device 10:00:00.000, the server stamped 10:00:04.100, back at device 10:00:00.200:
  // the midpoint of the trip on the device is 10:00:00.100, so the server is 4.000 s ahead.
  const t0 = Date.UTC(2026, 6, 12, 10, 0, 0, 0);
  assert.deepEqual(offsetOf({ sentAt: t0, serverReceivedAt: t0 + 4_100, serverSentAt: t0 + 4_100, receivedAt: t0 + 200 }), { offsetMs: 4_000, delayMs: 200 });
});

test('server processing time is not counted as link delay', () => {
  // t0 = 1000, t1 = 1550, t2 = 1650, t3 = 1300: offset ((550) + (350)) / 2 = 450, delay 300 - 100 = 200.
  assert.deepEqual(offsetOf({ sentAt: 1_000, serverReceivedAt: 1_550, serverSentAt: 1_650, receivedAt: 1_300 }), { offsetMs: 450, delayMs: 200 });
});

test('a device clock ahead of the server gives a negative offset', () => {
  // Device says 5000 and 5080; the server stamped 2040: offset 2040 - 5040 = -3000.
  assert.deepEqual(offsetOf({ sentAt: 5_000, serverReceivedAt: 2_040, serverSentAt: 2_040, receivedAt: 5_080 }), { offsetMs: -3_000, delayMs: 80 });
});

test('the sample with the shortest round trip wins', () => {
  const slow = { sentAt: 0, serverReceivedAt: 1_900, serverSentAt: 1_900, receivedAt: 1_000 }; // offset 1400, delay 1000
  const fast = { sentAt: 2_000, serverReceivedAt: 3_030, serverSentAt: 3_030, receivedAt: 2_040 }; // offset 1010, delay 40
  assert.deepEqual(bestOffset([slow, fast]), { offsetMs: 1_010, delayMs: 40 });
  assert.equal(bestOffset([]), undefined);
});

test('impossible samples are refused', () => {
  assert.throws(() => offsetOf({ sentAt: 10, serverReceivedAt: 0, serverSentAt: 0, receivedAt: 5 }), RangeError);
  assert.throws(() => offsetOf({ sentAt: Number.NaN, serverReceivedAt: 0, serverSentAt: 0, receivedAt: 5 }), RangeError);
});

test('the server time of a tap is the device time plus the offset; none known yet leaves it as read', () => {
  assert.equal(toServerTime(1_000_000, -3_000), 997_000);
  assert.equal(toServerTime(1_000_000, null), 1_000_000);
});
