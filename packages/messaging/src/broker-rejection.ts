/**
 * Which producer errors mean "the broker refuses this message for good". kafkajs reports a broker's
 * per-partition error as `KafkaJSProtocolError` with the protocol's `type` and `retriable`, possibly
 * wrapped (`KafkaJSNonRetriableError`, `KafkaJSNumberOfRetriesExceeded`) with it as `cause`.
 */

/**
 * Non-retriable errors about the records themselves: sending the same bytes again can never succeed,
 * and other messages are not affected. Errors about the producer, the topic or the cluster (ACLs,
 * unknown topic, clock skew `INVALID_TIMESTAMP`, unsupported compression, a fenced producer) would
 * refuse every message alike: setting messages aside for them would empty the outbox into the dead
 * letters, so they stay retried like a broker outage.
 */
export const SET_ASIDE_ERROR_TYPES: ReadonlySet<string> = new Set([
  'MESSAGE_TOO_LARGE', // RecordTooLargeException: larger than the topic's max.message.bytes
  'RECORD_LIST_TOO_LARGE', // the batch is larger than the segment size
  'INVALID_RECORD', // the broker's record validation (e.g. a compacted topic and a null key)
]);

/** Errors after which the idempotent producer's sequence state is stale: a fresh producer is needed. */
const PRODUCER_STATE_ERROR_TYPES: ReadonlySet<string> = new Set(['OUT_OF_ORDER_SEQUENCE_NUMBER', 'UNKNOWN_PRODUCER_ID', 'INVALID_PRODUCER_EPOCH']);

interface ProtocolErrorLike {
  name?: unknown;
  type?: unknown;
  retriable?: unknown;
  cause?: unknown;
}

/** The protocol error types in an error and its causes, outermost first. */
function protocolErrors(error: unknown): { type: string; retriable: boolean }[] {
  const out: { type: string; retriable: boolean }[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    const e = current as ProtocolErrorLike;
    if (e.name === 'KafkaJSProtocolError' && typeof e.type === 'string') out.push({ type: e.type, retriable: e.retriable === true });
    current = e.cause;
  }
  return out;
}

/** The protocol error type when the broker refused the message for good (SET_ASIDE_ERROR_TYPES), else undefined. */
export function brokerRejection(error: unknown): string | undefined {
  return protocolErrors(error).find((e) => !e.retriable && SET_ASIDE_ERROR_TYPES.has(e.type))?.type;
}

/** Whether the error says the idempotent producer must be replaced before the next send. */
export function producerStateLost(error: unknown): boolean {
  return protocolErrors(error).some((e) => PRODUCER_STATE_ERROR_TYPES.has(e.type));
}
