/**
 * The delivery log keeps what the receiver answered, through the gateway: a receiver that answers a
 * ping with a short JSON body shows that body and its content type on the attempt; one that answers
 * with 5000 bytes shows the first 2048 and `truncated`; one that answers with bytes that are not
 * UTF-8 text shows `binary` and no text; an attempt without an answer has `response: null`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiClient, createOrganization, newActor, type ApiClient } from '@regatta/testing';
import { closedPort, startReceiver, subscribe, type Behaviour } from './helpers.js';

interface Delivery {
  event: string;
  success: boolean;
  statusCode: number | null;
  response: { contentType: string | null; body: string | null; truncated: boolean; binary: boolean } | null;
}

/** Pings the webhook and waits until its attempt is in the delivery log. */
async function pingAndRead(api: ApiClient, key: string, hookId: string): Promise<Delivery> {
  const ping = await api.post(`/api/v1/webhooks/${hookId}/ping`, undefined, { key });
  assert.equal(ping.status, 202, ping.text);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const listed = await api.get(`/api/v1/webhooks/${hookId}/deliveries`, { key });
    assert.equal(listed.status, 200, listed.text);
    const found = (listed.body.data as Array<Delivery & { messageId: string }>).find((d) => d.messageId === ping.body.data.messageId);
    if (found) return found;
    if (Date.now() > deadline) assert.fail('the ping attempt did not appear in the delivery log within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('each attempt in the delivery log shows the receiver answer, cut to 2048 bytes', async () => {
  const api = apiClient();
  let behaviour: Behaviour = () => ({ status: 200, body: '{"received":true}', contentType: 'application/json; charset=utf-8' });
  const receiver = await startReceiver((entry) => behaviour(entry));
  try {
    const organizer = await newActor(api);
    const org = await createOrganization(api, organizer);
    const hook = await subscribe(api, organizer, org.id, receiver.url, ['race.started']);

    const short = await pingAndRead(api, organizer.key, hook.id);
    assert.deepEqual([short.event, short.success, short.statusCode], ['ping', true, 200]);
    assert.deepEqual(short.response, { contentType: 'application/json; charset=utf-8', body: '{"received":true}', truncated: false, binary: false });

    // 5000 bytes of which 2048 are kept; a refusal (4xx) keeps its answer as well.
    behaviour = () => ({ status: 422, body: 'x'.repeat(4000) + 'y'.repeat(1000), contentType: 'text/plain' });
    const long = await pingAndRead(api, organizer.key, hook.id);
    assert.deepEqual([long.success, long.statusCode], [false, 422]);
    assert.equal(long.response?.body, 'x'.repeat(2048));
    assert.equal(long.response?.truncated, true);

    behaviour = () => ({ status: 200, body: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]), contentType: 'image/png' });
    const binary = await pingAndRead(api, organizer.key, hook.id);
    assert.deepEqual(binary.response, { contentType: 'image/png', body: null, truncated: false, binary: true });

    behaviour = () => ({ status: 204 });
    const empty = await pingAndRead(api, organizer.key, hook.id);
    assert.deepEqual(empty.response, { contentType: null, body: '', truncated: false, binary: false });

    // No answer at all (connection refused): nothing to show.
    const refused = await subscribe(api, organizer, org.id, `http://127.0.0.1:${await closedPort()}/hook`, ['race.started']);
    const none = await pingAndRead(api, organizer.key, refused.id);
    assert.deepEqual([none.statusCode, none.response], [null, null]);
  } finally {
    await receiver.close();
  }
});
