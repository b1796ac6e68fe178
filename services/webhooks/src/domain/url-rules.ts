/**
 * Which subscriber URLs are accepted (checked at create and update). The egress guard checks again at
 * delivery time after DNS resolution, because a name can point anywhere later.
 */
import { classifyAddress } from './addresses.js';

export type RuntimeEnv = 'development' | 'test' | 'production';

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

const MAX_URL_LENGTH = 2048;

function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  return classifyAddress(bare) === 'loopback';
}

/**
 * Rules: an absolute http(s) URL without credentials, at most 2048 characters. Production: https
 * only, and not a loopback/private/link-local/metadata IP literal or a localhost name. Development and
 * test: https anywhere, plain http only to loopback (localhost, 127.0.0.0/8, ::1).
 */
export function checkWebhookUrl(input: string, env: RuntimeEnv): UrlCheck {
  if (input.length > MAX_URL_LENGTH) return { ok: false, message: `must be at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, message: 'must be an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: 'must be an http(s) URL' };
  if (url.username || url.password) return { ok: false, message: 'must not carry credentials' };
  const host = hostOf(url);
  if (!host) return { ok: false, message: 'must name a host' };
  if (env === 'production') {
    if (url.protocol !== 'https:') return { ok: false, message: 'must use HTTPS' };
    const kind = classifyAddress(host);
    if (isLoopbackHost(host) || (kind !== undefined && kind !== 'public')) return { ok: false, message: 'must point to a public address' };
  } else if (url.protocol === 'http:' && !isLoopbackHost(host)) {
    return { ok: false, message: 'must use HTTPS (plain http is allowed only to loopback in development)' };
  }
  return { ok: true, url: url.toString() };
}
