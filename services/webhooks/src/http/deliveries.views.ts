/**
 * A delivery attempt as the API shows it: `trigger` tells a first attempt from a retry, redelivery or
 * ping; `response` is the receiver's answer as kept (null when none came or none was recorded).
 */
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
    response:
      row.response_truncated === null
        ? null
        : {
            contentType: row.response_content_type,
            body: row.response_body,
            truncated: row.response_truncated,
            binary: row.response_binary ?? false,
          },
    createdAt: row.attempted_at.toISOString(),
  };
}
