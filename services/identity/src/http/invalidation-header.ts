/**
 * Tells the gateway proxying this request which cached credentials to drop ("x-identity-invalidate:
 * key:<id>,user:<id>"); it consumes and strips the header. Other gateway replicas learn it over Redis
 * pub/sub, which the use case has already published.
 */
import type { Response } from 'express';
import type { InvalidationTarget } from '../app/resources.js';

export const INVALIDATE_HEADER = 'x-identity-invalidate';

export function announceInvalidation(res: Response, targets: InvalidationTarget[]): void {
  const existing = res.getHeader(INVALIDATE_HEADER);
  res.setHeader(INVALIDATE_HEADER, [existing, ...targets].filter(Boolean).join(','));
}
