/**
 * The stored shapes the use cases hand to the views: a subscription and one recorded delivery
 * attempt, as their tables hold them (store/webhooks.ts, store/deliveries.ts read them).
 */
export interface WebhookRow {
  id: string;
  organization_id: string;
  url: string;
  events: string[];
  active: boolean;
  secret_sealed: string;
  failure_count: number;
  last_triggered_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface AttemptRow {
  id: string;
  message_id: string;
  event_type: string;
  kind: string;
  attempt: number;
  success: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** The receiver's answer (domain/response-excerpt.ts); response_truncated is null when none was recorded. */
  response_body: string | null;
  response_truncated: boolean | null;
  response_binary: boolean | null;
  response_content_type: string | null;
  attempted_at: Date;
}
