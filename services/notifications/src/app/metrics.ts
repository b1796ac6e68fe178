/** Sending metrics on prom-client's global registry (served by /metrics). Labels name kinds and outcomes, never people. */
import { Counter, register } from 'prom-client';

export const messagesTotal = new Counter({
  name: 'notifications_messages_total',
  help: 'Hand-overs to the SMTP server by kind and outcome (sent, retry, failed)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [register],
});

export const queuedTotal = new Counter({
  name: 'notifications_queued_total',
  help: 'Messages decided (outbox rows added) by kind',
  labelNames: ['kind'] as const,
  registers: [register],
});

export const resentAfterLease = new Counter({
  name: 'notifications_lease_expired_total',
  help: 'Messages leased by a worker that never marked them (it died) and taken up again; sent with the same Message-ID',
  registers: [register],
});
