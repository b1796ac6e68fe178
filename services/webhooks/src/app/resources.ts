/**
 * What the webhooks use cases and background tasks receive besides the shared service context. The
 * service definition's `setup` creates these once per process (service.ts); nothing is cached by context.
 */
import type { ServiceContext } from '@regatta/runtime';
import type { webhooksEnv } from '../config.js';
import type { EgressPolicy } from '../domain/addresses.js';
import type { ResponseExcerpt } from '../domain/response-excerpt.js';
import type { RuntimeEnv } from '../domain/url-rules.js';
import type { SigningSecrets } from './signing-secrets.js';

export type WebhooksContext = ServiceContext<typeof webhooksEnv>;

/** One POST of a delivery to a receiver (adapters/http-sender.ts is the adapter). */
export interface SendInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: EgressPolicy;
}

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  /** Why the attempt failed (null on a 2xx). */
  error: string | null;
  /** Coarse outcome for metrics. */
  outcome: 'success' | 'http_error' | 'redirect' | 'timeout' | 'network_error' | 'egress_refused';
  /** What the receiver answered (domain/response-excerpt.ts); null when no answer came. */
  response: ResponseExcerpt | null;
}

export interface DeliverySender {
  send(input: SendInput): Promise<SendResult>;
  /** Closes the kept-alive connections (teardown). */
  close(): void;
}

/** How deliveries are attempted and retried (from the environment, see config.ts). */
export interface DeliverySettings {
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  concurrency: number;
  maxConsecutiveFailures: number;
  policy: EgressPolicy;
  /** Longest idle wait between polls of the dispatcher. */
  maxIdleMs?: number;
}

export interface WebhooksResources {
  /** Which webhook URLs are accepted (development allows http and local addresses). */
  urlEnv: RuntimeEnv;
  /** Seals new signing secrets; opens stored ones (cached per process). */
  secrets: SigningSecrets;
  sender: DeliverySender;
  delivery: DeliverySettings;
}
