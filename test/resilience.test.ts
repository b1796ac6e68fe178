/**
 * Killing one service leaves the others and the gateway serving; the gateway answers for the dead one
 * with problem+json 503, and the service catches up on its topics when it returns.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiClient, createOrganization, deleteTopics, eventually, infraFromEnv, newActor, startStack, type RunningStack } from '@regatta/testing';

let stack: RunningStack;
let api: ApiClient;

before(async () => {
  stack = await startStack({ slot: 8, databaseName: 'regatta_test_resilience' });
  api = new ApiClient(stack.gatewayUrl);
});

after(async () => {
  await stack?.stop();
  if (stack) await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
});

test('a dead service gets 503 problem+json; the rest serve; it catches up when it returns', { timeout: 90_000 }, async () => {
  const organizer = await newActor(api);
  const organization = await createOrganization(api, organizer);

  await stack.kill('organizations', 'SIGKILL');
  const dead = await api.get(`/api/v1/organizations/${organization.slug}`, { key: organizer.key, contract: false });
  assert.ok(dead.status === 503 || dead.status === 502, `expected 502/503, got ${dead.status}`);
  assert.match(dead.headers.get('content-type') ?? '', /application\/problem\+json/);
  assert.equal(dead.body.status, dead.status);
  assert.ok(dead.body.requestId);

  // Everything else keeps serving while organizations is down, and facts keep being produced.
  const health = await api.get('/api/v1/health');
  assert.equal(health.status, 200);
  const created = await api.post(
    '/api/v1/events',
    {
      organization: organization.slug,
      name: 'Resilience Regatta',
      startDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 22 * 86_400_000).toISOString(),
    },
    { key: organizer.key },
  );
  assert.equal(created.status, 201, created.text);
  const published = await api.put(`/api/v1/events/${created.body.data.slug}`, { status: 'published' }, { key: organizer.key });
  assert.equal(published.status, 200, published.text);
  const events = await api.get('/api/v1/events', { key: organizer.key, query: { org: organization.slug } });
  assert.equal(events.status, 200);

  // Back up: the organizations service consumes what it missed.
  await stack.start('organizations');
  const detail = await eventually(
    async () => {
      const response = await api.get(`/api/v1/organizations/${organization.slug}`, { key: organizer.key });
      return response.status === 200 && response.body.upcomingEvents.length === 1 ? response.body : undefined;
    },
    15_000,
    'the organization to show the event created while it was down',
  );
  assert.equal(detail.upcomingEvents[0].slug, created.body.data.slug);
});
