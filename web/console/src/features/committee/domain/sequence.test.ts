import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SEQUENCE, formatCountdown, nextSignal, parseSequence, planSignals, signalsDue } from './sequence';

const warning = Date.UTC(2026, 6, 12, 10, 0, 0);

test('5-4-1-0 from a warning tapped at 10:00:00: preparatory 10:01, one minute 10:04, start 10:05', () => {
  const signals = planSignals(warning, DEFAULT_SEQUENCE);
  assert.deepEqual(signals.map((s) => [s.kind, new Date(s.at).toISOString().slice(11, 19)]), [
    ['warning', '10:00:00'],
    ['preparatory', '10:01:00'],
    ['one_minute', '10:04:00'],
    ['start', '10:05:00'],
  ]);
});

test('the next signal and the time left to it', () => {
  const signals = planSignals(warning, DEFAULT_SEQUENCE);
  const next = nextSignal(signals, warning + 90_500);
  assert.equal(next?.signal.kind, 'one_minute');
  assert.equal(next?.remainingMs, 149_500);
  assert.equal(formatCountdown(149_500), '2:30');
  assert.equal(nextSignal(signals, warning + 300_000), undefined, 'none once the start passed');
});

test('signals due between two ticks are sounded once', () => {
  const signals = planSignals(warning, DEFAULT_SEQUENCE);
  assert.deepEqual(signalsDue(signals, warning + 59_900, warning + 60_100).map((s) => s.kind), ['preparatory']);
  assert.deepEqual(signalsDue(signals, warning + 60_100, warning + 60_300), []);
});

test('a configured sequence: 3-2-1-0 and a short 0.05-0 (3 s) sequence', () => {
  assert.deepEqual(parseSequence('3, 2, 1, 0'), [3, 2, 1, 0]);
  assert.deepEqual(parseSequence('5-4-1-0'), [5, 4, 1, 0]);
  const short = planSignals(warning, parseSequence('0.05, 0')!);
  assert.equal(short[1]!.at - warning, 3_000);
  assert.equal(short[1]!.kind, 'start');
});

test('sequences that do not end at the start or do not fall are refused', () => {
  for (const text of ['5, 4, 1', '4, 5, 0', '0', '5, 5, 0', 'a, 0', '90, 0', '']) assert.equal(parseSequence(text), undefined, text);
});

test('the count-down rounds up to the whole second', () => {
  assert.equal(formatCountdown(300_000), '5:00');
  assert.equal(formatCountdown(59_001), '1:00');
  assert.equal(formatCountdown(0), '0:00');
  assert.equal(formatCountdown(-5), '0:00');
});
