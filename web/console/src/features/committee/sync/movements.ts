/**
 * Sends the safety tally's queued sign-outs and sign-ins, one request each in the order made, with
 * the id and the time of the tap (the movement's time on the server, not when it arrives): the tally API answers the same id and body as the first time, so a retry
 * after a lost answer is never a second movement. A movement is marked `sent` once answered 2xx,
 * `rejected` with the problem when the API refused it (a 4xx other than 401, 408 and 429); any other
 * failure (no network, a 5xx) stops the pass and leaves it pending for the loop's next try.
 */
import { toServerTime } from '../domain/clock';
import { unsentMovements, type CommitteeDb, type StoredMovement } from '../store/db';

export interface MovementBody {
  id: string;
  registrationId: string;
  kind: 'out' | 'in';
  /** When the person tapped, on the server's clock as far as the device knows it (RFC 3339). */
  at: string;
}

/** Sends one movement; rejects with an error carrying `status` (and `code`) when the API refused it. */
export type SendMovement = (body: MovementBody) => Promise<void>;

const RETRYABLE = new Set([401, 408, 429]);

/** The body as sent every time (a retry is the same body): the tap's time, corrected by the clock offset measured then. */
export const movementBody = (movement: StoredMovement): MovementBody => ({
  id: movement.id,
  registrationId: movement.registrationId,
  kind: movement.kind,
  at: new Date(toServerTime(movement.madeAt, movement.clockOffsetMs)).toISOString(),
});

/** `offsetMs`: the clock offset just measured, fixed into a movement tapped before any was (its body then never changes). */
export async function sendMovements(db: CommitteeDb, slug: string, send: SendMovement, offsetMs?: number): Promise<{ sent: number; rejected: number }> {
  let sent = 0;
  let rejected = 0;
  for (const stored of await unsentMovements(db, slug)) {
    const movement = stored.clockOffsetMs === undefined && offsetMs !== undefined ? { ...stored, clockOffsetMs: offsetMs } : stored;
    if (movement !== stored) await db.movements.update(movement.id, { clockOffsetMs: offsetMs });
    try {
      await send(movementBody(movement));
    } catch (error) {
      const { status, code } = error as { status?: unknown; code?: unknown };
      if (typeof status !== 'number' || status < 400 || status >= 500 || RETRYABLE.has(status)) throw error;
      rejected += 1;
      await db.movements.update(movement.id, { state: 'rejected', problem: { code: typeof code === 'string' ? code : `http_${status}`, title: error instanceof Error ? error.message : '' } });
      continue;
    }
    sent += 1;
    await db.movements.update(movement.id, { state: 'sent' });
  }
  return { sent, rejected };
}
