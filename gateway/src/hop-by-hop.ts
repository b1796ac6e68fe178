/**
 * Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection, so a proxy removes them before
 * forwarding a message in either direction. That is the fixed list below plus every field the
 * message's own `Connection` header names (`Connection: close, x-secret` makes `X-Secret` hop-by-hop).
 * The proxy frames what it sends itself: node writes Content-Length or chunked Transfer-Encoding for
 * the hop it owns.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Never forwarded, whatever `Connection` says (names lower-case, as node gives them). */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

/**
 * The header names a message's `Connection` header lists, lower-cased; empty when there is none.
 * Options such as `close` or `keep-alive` come out too and are harmless (no field carries their name
 * but hop-by-hop ones).
 */
export function connectionOptions(connection: string | string[] | undefined): Set<string> {
  const options = new Set<string>();
  if (connection === undefined) return options;
  for (const line of Array.isArray(connection) ? connection : [connection]) {
    for (const token of line.split(',')) {
      const name = token.trim().toLowerCase();
      if (name) options.add(name);
    }
  }
  return options;
}

const isFixedHopByHop = (name: string): boolean => HOP_BY_HOP_HEADERS.has(name);
/** What nearly every client sends: no header names, nothing to allocate. */
const CONNECTION_WITHOUT_NAMES = new Set(['keep-alive', 'close', 'Keep-Alive', 'Close']);

/**
 * A predicate saying whether a header of this message stays on its hop. Built once per message; the
 * common case (no `Connection`, or only `keep-alive`/`close`) costs one set lookup per header.
 * `keep` names headers a `Connection` list cannot take away: the ones the proxy itself sets or
 * frames the next hop with (Host, Content-Length, the identity assertion, the request id); a client
 * naming them there would otherwise strip what the gateway adds for the service.
 */
export function hopByHopOf(headers: IncomingHttpHeaders, keep?: ReadonlySet<string>): (name: string) => boolean {
  const connection = headers.connection;
  if (connection === undefined || CONNECTION_WITHOUT_NAMES.has(connection)) return isFixedHopByHop;
  const named = connectionOptions(connection);
  named.delete('close');
  named.delete('keep-alive');
  if (keep) for (const name of keep) named.delete(name);
  if (named.size === 0) return isFixedHopByHop;
  return (name) => HOP_BY_HOP_HEADERS.has(name) || named.has(name);
}

/** The end-to-end headers of a message: what a proxy forwards (values as node parsed them). */
export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const isHopByHop = hopByHopOf(headers);
  const kept: IncomingHttpHeaders = {};
  for (const name in headers) if (!isHopByHop(name)) kept[name] = headers[name];
  return kept;
}
