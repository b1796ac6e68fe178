/**
 * The tally's clock rules (pure): the time a movement kept offline may carry (the device's, within
 * bounds), and which regatta days are due to close themselves (their sign-in deadline has passed).
 */
import { deadlineOf } from './tally.js';

/** How far ahead of the server clock a device's tap may be (a phone's clock a little fast). */
export const DEVICE_AHEAD_MS = 2 * 60_000;
/** How old a tap may be when it reaches the server (a device offline for the rest of the day). */
export const DEVICE_MAX_AGE_MS = 24 * 3_600_000;

export type DeviceTimeRefusal = { code: 'time_in_future' | 'time_too_old'; detail: string };

/**
 * A device time is taken when it is at most 2 minutes ahead of the server's receipt and at most 24
 * hours behind it. Worked: received 12:00:00Z, 12:02:00Z is taken, 12:02:01Z is not; 12:00Z of the
 * day before is taken, 11:59:59Z of it is not.
 */
export function deviceTimeRefusal(at: Date, receivedAt: Date): DeviceTimeRefusal | null {
  if (at.getTime() - receivedAt.getTime() > DEVICE_AHEAD_MS) {
    return { code: 'time_in_future', detail: `${at.toISOString()} is more than 2 minutes ahead of the server clock (${receivedAt.toISOString()}).` };
  }
  if (receivedAt.getTime() - at.getTime() > DEVICE_MAX_AGE_MS) {
    return { code: 'time_too_old', detail: `${at.toISOString()} is more than 24 hours before the server received it (${receivedAt.toISOString()}).` };
  }
  return null;
}

/** A regatta day not closed yet, of a regatta whose organizer set a sign-in deadline. */
export interface CloseCandidate {
  eventId: string;
  day: string;
  signInDeadline: string;
  timeZone: string | null;
}

/** How far back the closing loop looks: a day whose deadline passed longer ago is left to the organizer. */
export const AUTO_CLOSE_LOOKBACK_MS = 7 * 86_400_000;

/**
 * The days due to close themselves at `now`: from the instant of their sign-in deadline on the
 * regatta's clock (18:00 in Europe/Berlin on 2027-06-12 is due from 16:00:00Z, not at 15:59:59Z),
 * and not more than seven days after it (a service down for hours closes them when it is back).
 */
export function dueDays(candidates: readonly CloseCandidate[], now: Date): Array<CloseCandidate & { deadline: Date }> {
  return candidates.flatMap((candidate) => {
    const deadline = deadlineOf(candidate.day, candidate.signInDeadline, candidate.timeZone);
    if (!deadline) return [];
    const since = now.getTime() - deadline.getTime();
    return since >= 0 && since <= AUTO_CLOSE_LOOKBACK_MS ? [{ ...candidate, deadline }] : [];
  });
}
