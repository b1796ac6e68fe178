// prom-client's process-wide registry, shared with @regatta/http's /metrics endpoint.
export { register as metricsRegistry } from 'prom-client';
