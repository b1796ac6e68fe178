#!/usr/bin/env node
/**
 * A tiny webhook receiver for the load tests (loopback only, no dependencies).
 *
 *   node scripts/k6/receiver.mjs <port-file>
 *
 * Listens on 127.0.0.1 (PORT, default: any free port), writes the port it got to <port-file>, and:
 *   POST /hook/<name>      a delivery: answered 204 at once; body and signature headers are kept
 *   PUT  /secrets/<name>   the signing secret of the webhook whose URL is /hook/<name> (text body)
 *   GET  /stats            what arrived so far, every signature checked against its secret:
 *                          {deliveries, uniqueMessages, duplicates, verified, badSignatures, unverified,
 *                           byEvent: {type: unique messages}, lagMs: {count, p50, p95, p99, max}, hooks}
 *   GET  /stats?hook=<n>   the same for one hook only
 *   DELETE /stats          forgets everything (between scenarios)
 *
 * Deliveries may arrive before k6 has registered the secret (the webhook starts delivering as soon as
 * it exists), so signatures are checked when /stats is read, not on arrival.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';

const portFile = process.argv[2];
/** name -> secret */
const secrets = new Map();
/** every delivery: {hook, body, serviceSignature, standard: {id, timestamp, signature}, event, receivedAt} */
let deliveries = [];

function serviceSignatureOk(secret, body, header) {
  if (!header) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const actual = Buffer.from(header);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Standard Webhooks: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>"> keyed with the base64 part after whsec_. */
function standardSignatureOk(secret, body, std) {
  if (!std.id || !std.timestamp || !std.signature) return undefined; // not sent: not checked
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  const expected = Buffer.from(`v1,${createHmac('sha256', key).update(`${std.id}.${std.timestamp}.`).update(body).digest('base64')}`);
  return std.signature.split(' ').some((candidate) => {
    const actual = Buffer.from(candidate);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function stats(onlyHook) {
  const list = onlyHook ? deliveries.filter((d) => d.hook === onlyHook) : deliveries;
  const seen = new Set();
  const byEvent = {};
  const lags = [];
  let verified = 0;
  let badSignatures = 0;
  let unverified = 0;
  let duplicates = 0;
  for (const delivery of list) {
    const secret = secrets.get(delivery.hook);
    if (secret === undefined) {
      unverified += 1;
    } else {
      const serviceOk = serviceSignatureOk(secret, delivery.body, delivery.serviceSignature);
      const standardOk = standardSignatureOk(secret, delivery.body, delivery.standard);
      if (serviceOk && standardOk !== false) verified += 1;
      else badSignatures += 1;
    }
    let envelope;
    try {
      envelope = JSON.parse(delivery.body.toString('utf8'));
    } catch {
      envelope = {};
    }
    const messageId = envelope.id ?? delivery.standard.id ?? `${delivery.hook}:${delivery.receivedAt}`;
    const key = `${delivery.hook}:${messageId}`;
    if (seen.has(key)) {
      duplicates += 1;
      continue;
    }
    seen.add(key);
    const type = envelope.event ?? delivery.event ?? 'unknown';
    byEvent[type] = (byEvent[type] ?? 0) + 1;
    const created = Date.parse(envelope.createdAt ?? '');
    if (Number.isFinite(created)) lags.push(delivery.receivedAt - created);
  }
  lags.sort((a, b) => a - b);
  return {
    deliveries: list.length,
    uniqueMessages: seen.size,
    duplicates,
    verified,
    badSignatures,
    unverified,
    byEvent,
    lagMs: { count: lags.length, p50: percentile(lags, 50), p95: percentile(lags, 95), p99: percentile(lags, 99), max: lags.at(-1) ?? null },
    hooks: [...secrets.keys()],
    firstAt: list[0]?.receivedAt ?? null,
    lastAt: list.at(-1)?.receivedAt ?? null,
  };
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const parts = url.pathname.split('/').filter(Boolean);
    if (req.method === 'POST' && parts[0] === 'hook' && parts.length === 2) {
      const body = await readBody(req);
      deliveries.push({
        hook: parts[1],
        body,
        serviceSignature: req.headers['x-service-signature'],
        event: req.headers['x-service-event'],
        standard: { id: req.headers['webhook-id'], timestamp: req.headers['webhook-timestamp'], signature: req.headers['webhook-signature'] },
        receivedAt: Date.now(),
      });
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'PUT' && parts[0] === 'secrets' && parts.length === 2) {
      secrets.set(parts[1], (await readBody(req)).toString('utf8').trim());
      res.writeHead(204).end();
      return;
    }
    if (parts[0] === 'stats' && parts.length === 1) {
      if (req.method === 'DELETE') {
        deliveries = [];
        secrets.clear();
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats(url.searchParams.get('hook') ?? undefined)));
        return;
      }
    }
    if (req.method === 'GET' && url.pathname === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    res.writeHead(404).end();
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
  }
});

server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address();
  if (portFile) writeFileSync(portFile, String(port));
  process.stdout.write(`webhook receiver on http://127.0.0.1:${port}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
