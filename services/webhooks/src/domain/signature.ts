/**
 * Signing of delivery bodies. The body is the exact byte string sent; both signatures are computed
 * over it.
 *
 * - X-Service-Signature: `sha256=` + hex HMAC-SHA256 of the body, keyed with the webhook secret (the
 *   whole secret string, e.g. "whsec_...", as UTF-8), as the contract says.
 * - Standard Webhooks (https://www.standardwebhooks.com): `webhook-id` (the message id),
 *   `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature: v1,<base64 HMAC-SHA256
 *   of "<id>.<timestamp>.<body>">`, keyed with the base64-decoded part of the secret after "whsec_",
 *   so Standard Webhooks libraries verify it unchanged and receivers can reject replays.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: "whsec_" + base64 of 32 random bytes. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export function serviceSignature(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The key bytes of the Standard Webhooks signature: base64 after the "whsec_" prefix. */
export function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

export function standardSignature(secret: string, messageId: string, timestampSeconds: number, body: string | Buffer): string {
  const hmac = createHmac('sha256', standardKey(secret));
  hmac.update(`${messageId}.${timestampSeconds}.`);
  hmac.update(body);
  return `v1,${hmac.digest('base64')}`;
}

export interface DeliveryHeaderInput {
  secret: string;
  messageId: string;
  /** Unique per attempt. */
  deliveryId: string;
  event: string;
  body: string;
  timestampSeconds: number;
  requestId?: string | null;
}

export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Regatta-Webhooks/1',
    'x-service-signature': serviceSignature(input.secret, input.body),
    'x-service-event': input.event,
    'x-service-delivery': input.deliveryId,
    'webhook-id': input.messageId,
    'webhook-timestamp': String(input.timestampSeconds),
    'webhook-signature': standardSignature(input.secret, input.messageId, input.timestampSeconds, input.body),
  };
  if (input.requestId) headers['x-request-id'] = input.requestId;
  return headers;
}

/** Receiver-side check of X-Service-Signature in constant time (used by tests and the docs example). */
export function verifyServiceSignature(secret: string, body: string | Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(serviceSignature(secret, body));
  const actual = Buffer.from(header);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Receiver-side check of webhook-signature (any of its space-separated "v1,<sig>" entries) and timestamp tolerance. */
export function verifyStandardSignature(
  secret: string,
  headers: { id: string | undefined; timestamp: string | undefined; signature: string | undefined },
  body: string | Buffer,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!headers.id || !headers.timestamp || !headers.signature) return false;
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(standardSignature(secret, headers.id, timestamp, body));
  return headers.signature.split(' ').some((candidate) => {
    const actual = Buffer.from(candidate);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}
