/** A delivery attempt as the API shows it: `trigger` tells a first attempt from a retry, redelivery or ping. */
import type { AttemptRow } from '../domain/records.js';

export function deliveryView(row: AttemptRow) {
  return {
    id: row.id,
    messageId: row.message_id,
    event: row.event_type,
    trigger: row.kind === 'event' ? (row.attempt === 1 ? 'event' : 'retry') : row.kind,
    attempt: row.attempt,
    success: row.success,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    createdAt: row.attempted_at.toISOString(),
  };
}
