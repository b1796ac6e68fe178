/**
 * Which proxies' X-Forwarded-For the gateway believes, parsed once from TRUST_PROXY with the same
 * rules as express's "trust proxy" (proxy-addr, the module express itself uses): a number of hops
 * ("1" behind one ingress), or a comma-separated list of addresses, CIDRs and the names loopback,
 * linklocal, uniquelocal. The default, loopback, believes only a proxy on the same host.
 */
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

export type TrustProxy = (address: string, hop: number) => boolean;

export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return proxyaddr.compile(text.split(',').map((part) => part.trim()).filter(Boolean));
}

/** The client's address: the peer, or the nearest untrusted hop of X-Forwarded-For behind trusted proxies. */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  return proxyaddr(req, trust);
}
