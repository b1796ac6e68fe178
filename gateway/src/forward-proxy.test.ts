import assert from 'node:assert/strict';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import type { Dispatcher } from 'undici';
import { forwardProxy, type ForwardSettings } from './forward-proxy.js';

/** A gateway-side server whose every request goes through forwardProxy with `pool`; answers one GET. */
async function through(pool: Partial<Dispatcher>, onError: ForwardSettings['onError'], leave = false): Promise<{ status: number; body: string } | 'left'> {
  const proxy = forwardProxy({ target: 'http://127.0.0.1:9', pool: pool as Dispatcher, timeoutMs: 1_000, onError });
  const server = createServer((req, res) => proxy(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const req = request({ port, path: '/api/v1/events' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', (error) => (leave ? resolve('left') : reject(error)));
      req.end();
      if (leave) setTimeout(() => req.destroy(), 30);
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const answerWith = (status: number) => (error: Error, _req: IncomingMessage, res: ServerResponse) => {
  res.statusCode = status;
  res.end(error.message);
};

test('a request undici refuses to send (it throws) is answered by the error path, not left hanging', async () => {
  const refusing = { dispatch: () => { throw Object.assign(new Error('invalid header'), { code: 'UND_ERR_INVALID_ARG' }); } };
  assert.deepEqual(await through(refusing, answerWith(502)), { status: 502, body: 'invalid header' });
});

test('the answer is relayed: status, end-to-end headers and body, without hop-by-hop headers', async () => {
  const answering = {
    dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
      assert.equal(options.path, '/api/v1/events');
      const controller = { abort() {}, pause() {}, resume() {}, aborted: false, paused: false, reason: null };
      handler.onRequestStart?.(controller, {});
      handler.onResponseStart?.(controller, 201, { 'x-kept': 'yes', connection: 'x-gone', 'x-gone': 'no', 'content-length': '5' }, 'Created');
      handler.onResponseData?.(controller, Buffer.from('hello'));
      handler.onResponseEnd?.(controller, {});
      return true;
    },
  };
  assert.deepEqual(await through(answering, answerWith(500)), { status: 201, body: 'hello' });
});

test('a client that leaves before its request is started aborts it once undici starts it', async () => {
  let aborted: Error | undefined;
  const slow = {
    dispatch(_options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
      // Queued behind other requests: started 100 ms later, after the client has gone.
      setTimeout(() => handler.onRequestStart?.({ abort: (reason: Error) => (aborted = reason), pause() {}, resume() {}, aborted: false, paused: false, reason: null }, {}), 100);
      return true;
    },
  };
  assert.equal(await through(slow, answerWith(500), true), 'left');
  await new Promise((resolve) => setTimeout(resolve, 150));
  assert.match(String(aborted?.message), /client closed/);
});
