/**
 * The device's clock against the server's, measured the way NTP does it: the device notes when it
 * sent a request (t0) and when the answer came back (t3); the server says when it received the
 * request (t1) and when it answered (t2; equal to t1 where it gives one time). Assuming the link is
 * equally slow both ways, the server's clock minus the device's is
 *     offset = ((t1 - t0) + (t2 - t3)) / 2
 * and the round trip spent on the link is delay = (t3 - t0) - (t2 - t1). The error of the offset is at
 * most half the delay, so of several samples the one with the smallest delay is kept.
 * Every time is in milliseconds since the epoch.
 */
export interface ClockSample {
  /** Device time when the request left. */
  sentAt: number;
  /** Server time when the request arrived. */
  serverReceivedAt: number;
  /** Server time when the answer left (the same as serverReceivedAt where the server gives one time). */
  serverSentAt: number;
  /** Device time when the answer arrived. */
  receivedAt: number;
}

export interface ClockOffset {
  /** Server clock minus device clock, ms: server time = device time + offsetMs. */
  offsetMs: number;
  /** Round trip spent on the link, ms; the offset is off by at most half of it. */
  delayMs: number;
}

export function offsetOf(sample: ClockSample): ClockOffset {
  const { sentAt: t0, serverReceivedAt: t1, serverSentAt: t2, receivedAt: t3 } = sample;
  if (![t0, t1, t2, t3].every(Number.isFinite)) throw new RangeError('a clock sample needs four finite times');
  if (t3 < t0) throw new RangeError('the answer cannot arrive before the request left');
  const processing = Math.max(0, t2 - t1);
  return { offsetMs: Math.round(((t1 - t0) + (t2 - t3)) / 2), delayMs: Math.max(0, t3 - t0 - processing) };
}

/** Of several samples, the offset of the one with the shortest round trip (the most exact); undefined for none. */
export function bestOffset(samples: readonly ClockSample[]): ClockOffset | undefined {
  let best: ClockOffset | undefined;
  for (const sample of samples) {
    const offset = offsetOf(sample);
    if (!best || offset.delayMs < best.delayMs) best = offset;
  }
  return best;
}

/** The server's time of a moment read on the device clock, with the offset known then (none: the device time). */
export function toServerTime(deviceTime: number, offsetMs: number | null | undefined): number {
  return deviceTime + (offsetMs ?? 0);
}
