/**
 * The floor of a Node proxy, for the gateway bench: a node:http server that relays every request to
 * one upstream with a keep-alive agent and nothing else (no authentication, no limit, no assertion
 * minted: the client sends the assertion itself, no access log, no metrics). What the gateway costs
 * above this relay is the gateway's own work; what the relay costs is the price of a second HTTP hop
 * in Node (one more parse and one more socket write each way).
 *
 * Usage: bare-relay <port, 0 for any free one> <upstream base URL>; prints the port it listens on.
 */
import http from 'node:http';

const [portText, upstreamText] = process.argv.slice(2);
if (!portText || !upstreamText) throw new Error('usage: bare-relay <port> <upstream base URL>');
const upstream = new URL(upstreamText);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const server = http.createServer((req, res) => {
  const headers = { ...req.headers };
  delete headers.connection;
  const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  forwarded.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(forwarded);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(portText), '127.0.0.1', () => process.stdout.write(`${(server.address() as { port: number }).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
