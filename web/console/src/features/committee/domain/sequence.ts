/**
 * A start sequence: signals at given minutes before the start (5-4-1-0 by default: warning,
 * preparatory, one minute, start). Anchored at the warning signal's tap, every later signal falls at a
 * known moment; the timer shows the next one and the time left.
 */
export const DEFAULT_SEQUENCE: readonly number[] = [5, 4, 1, 0];

export type SignalKind = 'warning' | 'preparatory' | 'one_minute' | 'start';

export interface PlannedSignal {
  kind: SignalKind;
  /** Minutes before the start. */
  minutes: number;
  /** When it falls, ms since the epoch (same clock as the anchor). */
  at: number;
}

/**
 * Reads a typed sequence ("5, 4, 1, 0"): minutes before the start, strictly falling, ending at 0,
 * at least two signals, at most 60 minutes. Undefined for anything else.
 */
export function parseSequence(text: string): number[] | undefined {
  const parts = text.split(/[,\s-]+/).filter(Boolean);
  if (parts.length < 2 || parts.length > 8) return undefined;
  const minutes = parts.map(Number);
  if (minutes.some((m) => !Number.isFinite(m) || m < 0 || m > 60)) return undefined;
  if (minutes[minutes.length - 1] !== 0) return undefined;
  for (let i = 1; i < minutes.length; i += 1) if (minutes[i]! >= minutes[i - 1]!) return undefined;
  return minutes;
}

/** The first signal is the warning, the second the preparatory, the last the start, any other a one-minute-style signal. */
function kindAt(index: number, count: number): SignalKind {
  if (index === count - 1) return 'start';
  if (index === 0) return 'warning';
  if (index === 1) return 'preparatory';
  return 'one_minute';
}

/** Every signal of the sequence, the first one at `warningAt`. */
export function planSignals(warningAt: number, sequence: readonly number[]): PlannedSignal[] {
  const first = sequence[0] ?? 0;
  return sequence.map((minutes, index) => ({ kind: kindAt(index, sequence.length), minutes, at: Math.round(warningAt + (first - minutes) * 60_000) }));
}

/** The next signal at or after `now`, with the ms left to it; undefined once the start has passed. */
export function nextSignal(signals: readonly PlannedSignal[], now: number): { signal: PlannedSignal; remainingMs: number } | undefined {
  const signal = signals.find((s) => s.at > now);
  return signal ? { signal, remainingMs: signal.at - now } : undefined;
}

/** Signals whose moment fell in (since, now]: the ones to sound now. */
export function signalsDue(signals: readonly PlannedSignal[], since: number, now: number): PlannedSignal[] {
  return signals.filter((s) => s.at > since && s.at <= now);
}

/** "m:ss" of a count-down (rounded up to the whole second, as a race officer reads it). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
