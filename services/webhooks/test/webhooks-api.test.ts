/**
 * Integration tests of the webhooks service on the shared stack: subscriptions (auth, validation,
 * secrets), and deliveries of real protobuf facts published on the stack's Kafka topics to a local
 * receiver. Called directly with a signed identity assertion, so they do not depend on other services.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { WEBHOOK_EVENT_TYPES, payloadToJson } from '@regatta/contracts';
import { verifyServiceSignature, verifyStandardSignature } from '../src/domain/signature.js';
import { FactPublisher, publicFacts, serviceClient, startReceiver, validateDelivery, webhooksUrlFromEnv, type Receiver } from './helpers.js';

const base = () => webhooksUrlFromEnv();
let publisher: FactPublisher;

before(async () => {
  publisher = new FactPublisher(process.env['E2E_TOPIC_PREFIX'] ?? '');
  await publisher.connect();
});
after(async () => {
  await publisher.disconnect();
});

describe('subscriptions', () => {
  const orgA = randomUUID();
  const orgB = randomUUID();
  const admin = () => serviceClient(base(), { roles: { [orgA]: 'admin' } });

  test('create returns the secret once; list and get never do', async () => {
    const created = await admin().post('/api/v1/webhooks', { url: 'https://hooks.example.org/a', events: ['results.updated', 'results.updated', 'race.started'] });
    assert.equal(created.status, 201);
    assert.match(created.body.data.secret, /^whsec_/);
    assert.deepEqual(created.body.data.events, ['results.updated', 'race.started'], 'duplicates removed, order kept');
    assert.equal(created.body.data.active, true);
    const id = created.body.data.id as string;
    const got = await admin().get(`/api/v1/webhooks/${id}`);
    assert.equal(got.status, 200);
    const { secret: _secret, ...withoutSecret } = created.body.data;
    assert.deepEqual(got.body.data, { ...withoutSecret, lastTriggeredAt: null, failureCount: 0 });
    assert.equal('secret' in got.body.data, false);
    const listed = await admin().get('/api/v1/webhooks');
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.data.map((w: { id: string }) => w.id), [id]);
    assert.ok(!listed.text.includes('whsec_'));
    const patched = await admin().patch(`/api/v1/webhooks/${id}`, { events: ['standings.updated'], active: false });
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body.data.events, ['standings.updated']);
    assert.equal(patched.body.data.active, false);
    assert.ok(!patched.text.includes('whsec_'));
    assert.equal((await admin().delete(`/api/v1/webhooks/${id}`)).status, 200);
    assert.equal((await admin().get(`/api/v1/webhooks/${id}`)).status, 404);
    assert.equal((await admin().delete(`/api/v1/webhooks/${id}`)).status, 404);
  });

  test('validation: unknown events, empty list, bad URLs, unknown fields', async () => {
    const bad = async (body: unknown, field: string) => {
      const response = await admin().post('/api/v1/webhooks', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.ok(response.body.errors.some((error: { field: string }) => error.field === field), `${field} in ${response.text}`);
    };
    await bad({ url: 'https://x.example.org', events: ['results.updatd'] }, 'events.0');
    await bad({ url: 'https://x.example.org', events: ['ping'] }, 'events.0');
    await bad({ url: 'https://x.example.org', events: [] }, 'events');
    await bad({ url: 'https://x.example.org' }, 'events');
    await bad({ url: '/relative', events: ['race.started'] }, 'url');
    await bad({ url: 'http://hooks.example.org/x', events: ['race.started'] }, 'url');
    await bad({ url: 'https://x.example.org', events: ['race.started'], secret: 'mine' }, 'body');
    const created = await admin().post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/x', events: ['race.started'] });
    assert.equal(created.status, 201, 'http to loopback is fine outside production');
    const patch = await admin().patch(`/api/v1/webhooks/${created.body.data.id}`, { events: [] });
    assert.equal(patch.status, 400);
    // A malformed id cannot name anything: the same 404 as an unknown id.
    const malformed = await admin().get('/api/v1/webhooks/not-a-uuid');
    assert.deepEqual([malformed.status, malformed.body.code], [404, 'not_found']);
  });

  test('authorization: admin scope, organization admin, several organizations, foreign webhooks', async () => {
    const noScope = serviceClient(base(), { roles: { [orgA]: 'admin' }, scopes: ['read', 'write'] });
    const forbidden = await noScope.get('/api/v1/webhooks');
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.code, 'missing_scope');
    const member = serviceClient(base(), { roles: { [orgA]: 'member' } });
    assert.equal((await member.post('/api/v1/webhooks', { url: 'https://x.example.org', events: ['race.started'] })).status, 403);

    const both = serviceClient(base(), { roles: { [orgA]: 'admin', [orgB]: 'admin' } });
    const ambiguous = await both.post('/api/v1/webhooks', { url: 'https://x.example.org', events: ['race.started'] });
    assert.equal(ambiguous.status, 400);
    assert.equal(ambiguous.body.errors[0].field, 'organizationId');
    const inB = await both.post('/api/v1/webhooks', { url: 'https://b.example.org', events: ['race.started'], organizationId: orgB });
    assert.equal(inB.status, 201);
    const notTheirs = await admin().post('/api/v1/webhooks', { url: 'https://x.example.org', events: ['race.started'], organizationId: orgB });
    assert.equal(notTheirs.status, 403);

    // A's admin cannot see, change or delete B's webhook: 404 like an unknown id.
    const id = inB.body.data.id as string;
    assert.equal((await admin().get(`/api/v1/webhooks/${id}`)).status, 404);
    assert.equal((await admin().patch(`/api/v1/webhooks/${id}`, { active: false })).status, 404);
    assert.equal((await admin().delete(`/api/v1/webhooks/${id}`)).status, 404);
    assert.equal((await admin().post(`/api/v1/webhooks/${id}/ping`)).status, 404);
    assert.ok(!(await admin().get('/api/v1/webhooks')).body.data.some((w: { id: string }) => w.id === id));
    const onlyB = await both.get('/api/v1/webhooks', { query: { organizationId: orgB } });
    assert.deepEqual(onlyB.body.data.map((w: { id: string }) => w.id), [id]);
  });
});

describe('deliveries of real facts', () => {
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
  });

  test('each public event type reaches the subscriber, signed, with the fact id, and only for its organization', async () => {
    const org = randomUUID();
    const otherOrg = randomUUID();
    const client = serviceClient(base(), { roles: { [org]: 'admin', [otherOrg]: 'admin' } });
    const created = await client.post('/api/v1/webhooks', { url: `${receiver.url}?org=${org}`, events: [...WEBHOOK_EVENT_TYPES], organizationId: org });
    assert.equal(created.status, 201);
    const secret = created.body.data.secret as string;
    const otherHook = await client.post('/api/v1/webhooks', { url: `${receiver.url}?org=${otherOrg}`, events: ['results.updated'], organizationId: otherOrg });
    assert.equal(otherHook.status, 201);

    const eventId = randomUUID();
    // Facts after event.* carry only the regatta id: the organization comes from the events.v1 projection.
    const facts = publicFacts(org, eventId, { withOrganization: false });
    await publisher.publish(...facts);
    const mine = (all: typeof receiver.received) => all.filter((entry) => entry.path.includes(org));
    await receiver.waitFor((all) => mine(all).length >= facts.length, 15_000, 'one delivery per fact');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const got = mine(receiver.received);
    assert.equal(got.length, facts.length);
    assert.deepEqual(got.map((entry) => entry.json.event).sort(), [...WEBHOOK_EVENT_TYPES].sort());
    const now = Math.floor(Date.now() / 1000);
    for (const fact of facts) {
      const entry = got.find((candidate) => candidate.json.id === fact.id);
      assert.ok(entry, `delivery of ${fact.type}`);
      assert.equal(entry.json.event, fact.type);
      assert.equal(entry.headers['x-service-event'], fact.type);
      assert.ok(verifyServiceSignature(secret, entry.body, entry.headers['x-service-signature'] as string), `X-Service-Signature of ${fact.type}`);
      assert.ok(
        verifyStandardSignature(secret, { id: entry.headers['webhook-id'] as string, timestamp: entry.headers['webhook-timestamp'] as string, signature: entry.headers['webhook-signature'] as string }, entry.body, now),
        `webhook-signature of ${fact.type}`,
      );
      assert.equal(entry.headers['webhook-id'], fact.id);
      assert.match(entry.headers['x-service-delivery'] as string, /^[0-9a-f-]{36}$/);
      assert.deepEqual(entry.json.data, payloadToJson(fact));
      assert.deepEqual(validateDelivery(fact.type, entry.json), [], `${fact.type} matches the OpenAPI webhooks schema`);
    }
    // The other organization's webhook saw none of this regatta's events.
    assert.equal(receiver.received.filter((entry) => entry.path.includes(otherOrg)).length, 0);

    // A redelivered fact (same message id) creates no second message.
    await publisher.publish(facts[7]!);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(mine(receiver.received).length, facts.length);

    // Deliveries list the attempts; the webhook records the success.
    const hookId = created.body.data.id as string;
    const deliveries = await client.get(`/api/v1/webhooks/${hookId}/deliveries`, { query: { limit: 100 } });
    assert.equal(deliveries.status, 200);
    assert.equal(deliveries.body.data.length, facts.length);
    assert.ok(deliveries.body.data.every((d: { success: boolean; statusCode: number; trigger: string; attempt: number }) => d.success && d.statusCode === 204 && d.trigger === 'event' && d.attempt === 1));
    const hook = await client.get(`/api/v1/webhooks/${hookId}`);
    assert.equal(hook.body.data.failureCount, 0);
    assert.ok(hook.body.data.lastTriggeredAt);
    const page = await client.get(`/api/v1/webhooks/${hookId}/deliveries`, { query: { limit: 5, offset: facts.length - 1 } });
    assert.deepEqual(page.body.pagination, { limit: 5, offset: facts.length - 1, hasMore: false });
    assert.equal(page.body.data.length, 1);

    // Redeliver sends the same message id again with a new delivery id.
    const first = deliveries.body.data[0] as { id: string; messageId: string };
    const redeliver = await client.post(`/api/v1/webhooks/${hookId}/deliveries/${first.id}/redeliver`);
    assert.equal(redeliver.status, 202);
    assert.equal(redeliver.body.data.messageId, first.messageId);
    const again = await receiver.waitFor((all) => mine(all).filter((entry) => entry.json.id === first.messageId).length === 2, 5_000, 'redelivery');
    const copies = mine(again).filter((entry) => entry.json.id === first.messageId);
    assert.equal(copies[0]!.body, copies[1]!.body, 'identical body bytes');
    assert.notEqual(copies[0]!.headers['x-service-delivery'], copies[1]!.headers['x-service-delivery']);
    assert.equal((await client.post(`/api/v1/webhooks/${hookId}/deliveries/${randomUUID()}/redeliver`)).status, 404);
  });

  test('ping sends a signed ping to that one webhook', async () => {
    const org = randomUUID();
    const client = serviceClient(base(), { roles: { [org]: 'admin' } });
    const created = await client.post('/api/v1/webhooks', { url: `${receiver.url}?ping=${org}`, events: ['race.started'] });
    const ping = await client.post(`/api/v1/webhooks/${created.body.data.id}/ping`);
    assert.equal(ping.status, 202);
    const [entry] = (await receiver.waitFor((all) => all.some((e) => e.path.includes(org)), 5_000, 'ping')).filter((e) => e.path.includes(org));
    assert.equal(entry!.json.event, 'ping');
    assert.equal(entry!.json.id, ping.body.data.messageId);
    assert.deepEqual(entry!.json.data, { webhookId: created.body.data.id, message: 'ping' });
    assert.ok(verifyServiceSignature(created.body.data.secret, entry!.body, entry!.headers['x-service-signature'] as string));
    // Inactive webhooks get nothing, pings included.
    await client.patch(`/api/v1/webhooks/${created.body.data.id}`, { active: false });
    assert.equal((await client.post(`/api/v1/webhooks/${created.body.data.id}/ping`)).status, 409);
  });
});
