/**
 * The start sequence's timer: five ticks a second until the start; each signal whose moment has come
 * is sounded and vibrated (unless it is more than 2 s late, as after a reload), announced, and, for
 * the signals scoring needs (warning, preparatory, start), recorded at its planned moment. Recording
 * is once per start (actions.recordSignal), so a reload or a second tick never doubles a signal.
 */
import { useEffect, useRef, useState } from 'react';
import { recordSignal } from './actions';
import { signalFeedback } from './feedback';
import type { PlannedSignal, SignalKind } from './domain/sequence';
import type { StoredStart } from './store/db';

export function useSequenceTimer(start: StoredStart, signals: readonly PlannedSignal[], onSignal: (kind: SignalKind) => void): number {
  const [now, setNow] = useState(Date.now());
  const latest = useRef({ signals, onSignal });
  latest.current = { signals, onSignal };
  const handled = useRef(new Set<number>());

  useEffect(() => {
    if (start.warningAt === null || start.startAt !== null) return undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      latest.current.signals.forEach((signal, index) => {
        if (signal.at > at || handled.current.has(index)) return;
        handled.current.add(index);
        if (signal.kind === 'warning') return; // recorded, sounded and announced at its tap
        if (at - signal.at < 2_000) signalFeedback(signal.kind === 'start');
        latest.current.onSignal(signal.kind);
        if (signal.kind !== 'one_minute') void recordSignal(start, signal.kind, signal.at);
      });
    };
    tick();
    const timer = setInterval(tick, 200);
    return () => clearInterval(timer);
  }, [start]);
  return now;
}
