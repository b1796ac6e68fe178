import { Histogram, register, collectDefaultMetrics } from 'prom-client';

/** prom-client's process-wide registry: messaging and the gateway add their collectors to it too. */
export const metricsRegistry = register;
collectDefaultMetrics({ register });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [register],
});
