/** Delivery metrics on prom-client's global registry (served by /metrics). */
import { Counter, Histogram, register } from 'prom-client';

export const deliveriesTotal = new Counter({
  name: 'webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome (success, http_error, redirect, timeout, network_error, egress_refused) and kind (event, redeliver, ping)',
  labelNames: ['outcome', 'kind'] as const,
  registers: [register],
});

export const deliveryDuration = new Histogram({
  name: 'webhook_delivery_duration_seconds',
  help: 'Time from sending a delivery to the receiver answering (or failing), by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [register],
});

export const deliveryLag = new Histogram({
  name: 'webhook_delivery_lag_seconds',
  help: 'Time from the event (fact occurredAt) to its successful delivery, first attempts and retries alike',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [register],
});

export const webhooksDisabled = new Counter({
  name: 'webhooks_auto_disabled_total',
  help: 'Webhooks disabled after consecutive failures',
  registers: [register],
});
