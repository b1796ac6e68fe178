/**
 * Publishes real protobuf facts onto the test stack's Kafka topics exactly as an owning service's
 * outbox relay would (topic = prefix + fact topic, key = factKey, headers message-id / fact-type),
 * so this service's consumers can be tested before (and independently of) the producing services.
 */
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { encodeFact, factHeaders, factKey, factTopic, isFactType, type Fact } from '@regatta/contracts';

let producer: Producer | undefined;

async function connected(): Promise<Producer> {
  if (producer) return producer;
  const kafka = new Kafka({
    clientId: 'e2e-fact-publisher',
    brokers: (process.env['KAFKA_BROKERS'] ?? '127.0.0.1:59092').split(','),
    logLevel: logLevel.NOTHING,
  });
  const created = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  await created.connect();
  producer = created;
  return created;
}

export function topicPrefix(): string {
  const prefix = process.env['E2E_TOPIC_PREFIX'];
  if (prefix === undefined) throw new Error('E2E_TOPIC_PREFIX is not set: run through scripts/with-stack.ts');
  return prefix;
}

/** Publishes the facts in order (each one acknowledged by all replicas before the next). */
export async function publishFacts(...facts: Fact[]): Promise<void> {
  const prod = await connected();
  for (const fact of facts) {
    if (!isFactType(fact.type)) throw new Error(`unknown fact type ${fact.type}`);
    await prod.send({
      topic: topicPrefix() + factTopic(fact.type),
      acks: -1,
      messages: [{ key: factKey(fact), value: Buffer.from(encodeFact(fact)), headers: factHeaders(fact) }],
    });
  }
}

export async function closePublisher(): Promise<void> {
  await producer?.disconnect();
  producer = undefined;
}

/** Polls until probe returns a value; returns it with the elapsed milliseconds. */
export async function timed<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return { value, ms: performance.now() - started };
    if (performance.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
