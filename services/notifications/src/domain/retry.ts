/**
 * What follows a failed hand-over to the SMTP server. A refusal with a 5xx reply (mailbox unknown,
 * message refused) is permanent: recorded, shown in the person's log, not retried. A 4xx reply, a
 * connection that fails or times out, or a person whose address could not be looked up for the
 * moment is retried after `delays[attempt - 1]`, up to `delays.length` retries; then it is recorded
 * as failed too. Default schedule: 5 s, 30 s, 2 min, 10 min, 1 h (attempts at t, t+5 s, t+35 s,
 * t+2 min 35 s, t+12 min 35 s, t+1 h 12 min 35 s).
 */
export const DEFAULT_SEND_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000] as const;

export type SendOutcome =
  | { kind: 'sent' }
  /** The SMTP server answered with this reply code (4xx or 5xx), or none (connection failure). */
  | { kind: 'refused'; responseCode: number | undefined; error: string }
  /** The person has no address any more (account deleted): nothing to retry. */
  | { kind: 'no_address' };

export type SendDecision = { kind: 'sent' } | { kind: 'retry'; delayMs: number } | { kind: 'failed'; error: string };

export function isPermanentRefusal(responseCode: number | undefined): boolean {
  return responseCode !== undefined && responseCode >= 500 && responseCode < 600;
}

/** The decision after attempt number `attempt` (1 = the first). */
export function decideAfterSend(attempt: number, outcome: SendOutcome, delays: readonly number[] = DEFAULT_SEND_RETRY_DELAYS_MS): SendDecision {
  if (outcome.kind === 'sent') return { kind: 'sent' };
  if (outcome.kind === 'no_address') return { kind: 'failed', error: 'no_address: the account has no e-mail address' };
  if (isPermanentRefusal(outcome.responseCode)) return { kind: 'failed', error: `refused: ${outcome.error}` };
  const retriesDone = attempt - 1;
  if (retriesDone >= delays.length) return { kind: 'failed', error: `gave up after ${attempt} attempts: ${outcome.error}` };
  return { kind: 'retry', delayMs: delays[retriesDone]! };
}
