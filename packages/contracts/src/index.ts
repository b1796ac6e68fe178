// @regatta/contracts: the Kafka message contracts (protobuf `regatta.facts.v1`, generated under
// ./gen by `bash proto/proto.sh gen`) and small typed helpers around the `Fact` envelope.
// See docs/messages.md for topics, keys, headers, ordering and compatibility rules.
import { create, fromBinary, toBinary, toJson } from "@bufbuild/protobuf";
import type { JsonObject, MessageInitShape } from "@bufbuild/protobuf";
import type { GenMessage } from "@bufbuild/protobuf/codegenv2";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { randomUUID } from "node:crypto";
import { FactSchema } from "./gen/regatta/facts/v1/fact_pb.js";
import type { Fact } from "./gen/regatta/facts/v1/fact_pb.js";

export * from "./gen/regatta/facts/v1/fact_pb.js";
export * from "./gen/regatta/facts/v1/identity_pb.js";
export * from "./gen/regatta/facts/v1/organizations_pb.js";
export * from "./gen/regatta/facts/v1/events_pb.js";
export * from "./gen/regatta/facts/v1/registrations_pb.js";
export * from "./gen/regatta/facts/v1/results_pb.js";
export * from "./gen/regatta/facts/v1/protests_pb.js";
export * from "./gen/regatta/facts/v1/imports_pb.js";
export * from "./gen/regatta/facts/v1/rankings_pb.js";
export * from "./gen/regatta/facts/v1/split_pb.js";
export * from "./gen/regatta/facts/v1/capture_pb.js";
export * from "./gen/regatta/facts/v1/accounts_pb.js";
export { timestampDate, timestampFromDate };
export type { JsonObject };

/** Kafka topic names (before any KAFKA_TOPIC_PREFIX), one per owning service and aggregate. */
export const TOPICS = {
  identity: "identity.v1",
  organizations: "organizations.v1",
  events: "events.v1",
  registrations: "registrations.v1",
  results: "results.v1",
  // The sailors service's national ranking lists.
  rankings: "rankings.v1",
  // The race committee's signals and finish records made on the water (race-capture).
  capture: "capture.v1",
  // Account links and sign-ins (identity), for the notifications service: user ids only.
  accounts: "accounts.v1",
} as const;
export type TopicName = (typeof TOPICS)[keyof typeof TOPICS];

/** The `payload` oneof of a Fact. */
export type FactPayload = Fact["payload"];
/** A payload case name, e.g. "registrationCreated". */
export type FactPayloadCase = Exclude<FactPayload["case"], undefined>;
/** The payload message type of a case, e.g. FactPayloadOf<"registrationCreated"> = RegistrationCreated. */
export type FactPayloadOf<C extends FactPayloadCase> = FactPayloadMap[C];
/** Payload case to payload message type. */
export type FactPayloadMap = { [K in FactPayloadCase]: Extract<FactPayload, { case: K }>["value"] };
/** What `newFact` accepts for a case: the message or a plain init object (as for `create`). */
export type FactPayloadInit<C extends FactPayloadCase> = MessageInitShape<GenMessage<FactPayloadOf<C>>>;

/** Fact type (the `Fact.type` string) to its payload case. */
export const FACT_PAYLOAD_CASE = {
  "user.registered": "userRegistered",
  "membership.granted": "membershipGranted",
  "membership.revoked": "membershipRevoked",
  "organization.created": "organizationCreated",
  "organization.updated": "organizationUpdated",
  "event.created": "eventCreated",
  "event.updated": "eventUpdated",
  "fleet.created": "fleetCreated",
  "race.scheduled": "raceScheduled",
  "document.added": "documentAdded",
  "series.created": "seriesCreated",
  "fleet.updated": "fleetUpdated",
  "fleet.deleted": "fleetDeleted",
  "race.updated": "raceUpdated",
  "race.deleted": "raceDeleted",
  "document.amended": "documentAmended",
  "document.withdrawn": "documentWithdrawn",
  "series.updated": "seriesUpdated",
  "series.deleted": "seriesDeleted",
  "event.deleted": "eventDeleted",
  "event.cancelled": "eventCancelled",
  "registration.created": "registrationCreated",
  "registration.updated": "registrationUpdated",
  "registration.cancelled": "registrationCancelled",
  "results.updated": "resultsUpdated",
  "results.published": "resultsPublished",
  "race.started": "raceStarted",
  "race.completed": "raceCompleted",
  "standings.updated": "standingsUpdated",
  "series.standings.updated": "seriesStandingsUpdated",
  "results.revised": "resultsRevised",
  "results.posted": "resultsPosted",
  "results.official": "resultsOfficial",
  "protest.lodged": "protestLodged",
  "hearing.scheduled": "hearingScheduled",
  "decision.published": "decisionPublished",
  "protest.withdrawn": "protestWithdrawn",
  "regatta.imported": "regattaImported",
  "fleet.split": "fleetSplit",
  "split.standings.updated": "splitStandingsUpdated",
  "ranking.published": "rankingPublished",
  "finish.recorded": "finishRecorded",
  "race.signal.recorded": "raceSignalRecorded",
  "tally.day.closed": "tallyDayClosed",
  "password_reset.requested": "passwordResetRequested",
  "email_confirmation.requested": "emailConfirmationRequested",
  "sign_in.new_device": "newDeviceSignedIn",
} as const satisfies Record<string, FactPayloadCase>;

/** A known fact type, e.g. "registration.created". */
export type FactType = keyof typeof FACT_PAYLOAD_CASE;
/** The payload case that goes with a fact type. */
export type FactPayloadCaseOf<T extends FactType> = (typeof FACT_PAYLOAD_CASE)[T];

// Compile-time guard: every payload case in fact.proto has a fact type above.
type UnmappedCases = Exclude<FactPayloadCase, FactPayloadCaseOf<FactType>>;
const allCasesMapped: [UnmappedCases] extends [never] ? true : UnmappedCases = true;
void allCasesMapped;

/** Fact type to the topic it is published on. */
export const FACT_TOPIC = {
  "user.registered": TOPICS.identity,
  "membership.granted": TOPICS.identity,
  "membership.revoked": TOPICS.identity,
  "organization.created": TOPICS.organizations,
  "organization.updated": TOPICS.organizations,
  "event.created": TOPICS.events,
  "event.updated": TOPICS.events,
  "fleet.created": TOPICS.events,
  "race.scheduled": TOPICS.events,
  "document.added": TOPICS.events,
  "series.created": TOPICS.events,
  // Complete resources: changes and removals of a regatta's parts.
  "fleet.updated": TOPICS.events,
  "fleet.deleted": TOPICS.events,
  "race.updated": TOPICS.events,
  "race.deleted": TOPICS.events,
  "document.amended": TOPICS.events,
  "document.withdrawn": TOPICS.events,
  "series.updated": TOPICS.events,
  "series.deleted": TOPICS.events,
  "event.deleted": TOPICS.events,
  "event.cancelled": TOPICS.events,
  "registration.created": TOPICS.registrations,
  "registration.updated": TOPICS.registrations,
  "registration.cancelled": TOPICS.registrations,
  "results.updated": TOPICS.results,
  "results.published": TOPICS.results,
  "race.started": TOPICS.results,
  "race.completed": TOPICS.results,
  "standings.updated": TOPICS.results,
  "series.standings.updated": TOPICS.results,
  "results.revised": TOPICS.results,
  "results.posted": TOPICS.results,
  "results.official": TOPICS.results,
  "protest.lodged": TOPICS.results,
  "hearing.scheduled": TOPICS.results,
  "decision.published": TOPICS.results,
  "protest.withdrawn": TOPICS.results,
  // Internal (no webhook): the events service creates the imported regatta from it (Sailwave import).
  "regatta.imported": TOPICS.results,
  // Split series: final or medal fleet membership.
  "fleet.split": TOPICS.results,
  // Internal (no webhook): a split series' overall standings, which the sailors service ranks by.
  "split.standings.updated": TOPICS.results,
  // National rankings.
  "ranking.published": TOPICS.rankings,
  // Internal (no webhook): results-scoring follows the finishes as provisional results.
  "finish.recorded": TOPICS.capture,
  "race.signal.recorded": TOPICS.capture,
  // Internal (no webhook): a closed day of the safety tally; results-scoring applies its penalties.
  "tally.day.closed": TOPICS.capture,
  // Internal (no webhook): account links and new-device sign-ins, keyed by the user id.
  "password_reset.requested": TOPICS.accounts,
  "email_confirmation.requested": TOPICS.accounts,
  "sign_in.new_device": TOPICS.accounts,
} as const satisfies Record<FactType, TopicName>;

/** All known fact types. */
export const FACT_TYPES = Object.keys(FACT_PAYLOAD_CASE) as readonly FactType[];

/** Public webhook event types (service interface section 6); a subset of the fact types. */
export const WEBHOOK_EVENT_TYPES = [
  "registration.created",
  "registration.updated",
  "registration.cancelled",
  "results.updated",
  "results.published",
  "standings.updated",
  "event.created",
  "event.updated",
  "race.scheduled",
  "race.started",
  "race.completed",
  "results.revised",
  "results.posted",
  "results.official",
  "protest.lodged",
  "hearing.scheduled",
  "decision.published",
  "protest.withdrawn",
  // Complete resources: changes and removals of a regatta's parts.
  "event.cancelled",
  "event.deleted",
  "fleet.updated",
  "fleet.deleted",
  "race.updated",
  "race.deleted",
  "document.amended",
  "document.withdrawn",
  "series.updated",
  "series.deleted",
  // Split series.
  "fleet.split",
  // National rankings.
  "ranking.published",
] as const satisfies readonly FactType[];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Kafka header names carried by every message. */
export const FACT_HEADERS = {
  messageId: "message-id",
  factType: "fact-type",
  requestId: "x-request-id",
} as const;

export function isFactType(value: string): value is FactType {
  return Object.prototype.hasOwnProperty.call(FACT_PAYLOAD_CASE, value);
}

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** Envelope fields of a new fact other than type and payload. */
export interface FactMeta {
  /** Publishing service name, e.g. "events". */
  producer: string;
  /** Message id; a new uuid when omitted. */
  id?: string;
  /** When it happened; now when omitted. */
  occurredAt?: Date;
  organizationId?: string | null;
  /** Regatta id: also the Kafka key. Set it for every fact about a regatta. */
  eventId?: string | null;
  requestId?: string | null;
  /** User id of the person whose request caused the fact (null or omitted: not known / not a person). */
  actorUserId?: string | null;
}

/**
 * Builds a Fact. `payloadCase` must be the case of `type` (checked at compile time and at run time);
 * `payload` is the payload message or a plain init object.
 */
export function newFact<T extends FactType>(
  type: T,
  payloadCase: FactPayloadCaseOf<T>,
  payload: FactPayloadInit<FactPayloadCaseOf<T>>,
  meta: FactMeta,
): Fact {
  if (FACT_PAYLOAD_CASE[type] !== payloadCase) {
    throw new TypeError(`fact type ${type} needs payload case ${FACT_PAYLOAD_CASE[type]}, got ${String(payloadCase)}`);
  }
  if (!meta.producer) throw new TypeError("fact producer is required");
  const init: MessageInitShape<typeof FactSchema> = {
    id: meta.id ?? randomUUID(),
    type,
    occurredAt: timestampFromDate(meta.occurredAt ?? new Date()),
    producer: meta.producer,
    payload: { case: payloadCase, value: payload } as MessageInitShape<typeof FactSchema>["payload"],
  };
  if (meta.organizationId != null) init.organizationId = meta.organizationId;
  if (meta.eventId != null) init.eventId = meta.eventId;
  if (meta.requestId != null) init.requestId = meta.requestId;
  if (meta.actorUserId != null) init.actorUserId = meta.actorUserId;
  return create(FactSchema, init);
}

/** Serializes a Fact to the Kafka message value. */
export function encodeFact(fact: Fact): Uint8Array {
  return toBinary(FactSchema, fact);
}

/**
 * Parses a Kafka message value. Facts of types this build does not know (added later within v1)
 * decode with `payload.case === undefined`; check `isFactType(fact.type)` and skip them.
 */
export function decodeFact(bytes: Uint8Array): Fact {
  return fromBinary(FactSchema, bytes);
}

/** The payload if the fact carries the given case, else undefined. */
export function factPayload<C extends FactPayloadCase>(fact: Fact, payloadCase: C): FactPayloadOf<C> | undefined {
  const { case: actual, value } = fact.payload as { case: string | undefined; value?: unknown };
  return actual === payloadCase ? (value as FactPayloadOf<C>) : undefined;
}

const jsonOptions = { alwaysEmitImplicit: true } as const;

/**
 * The whole fact as canonical protobuf JSON (camelCase, Timestamps as RFC 3339 strings, the payload
 * under its case name). Implicit fields (empty strings, 0, false, []) are emitted; unset `optional`
 * fields and unset messages are omitted (read them as null).
 */
export function factToJson(fact: Fact): JsonObject {
  return toJson(FactSchema, fact, jsonOptions) as JsonObject;
}

/** The payload alone as plain JSON (same rules as factToJson); null when the case is unknown. */
export function payloadToJson(fact: Fact): JsonObject | null {
  const { case: payloadCase, value } = fact.payload;
  if (payloadCase === undefined) return null;
  const schema = FactSchema.field[payloadCase]?.message;
  if (!schema) return null;
  return toJson(schema, value, jsonOptions) as JsonObject;
}

/** Public webhook envelope (service interface section 6): id, event, createdAt, data. */
export interface WebhookEnvelope {
  id: string;
  event: string;
  createdAt: string;
  data: JsonObject;
}

/** Maps a fact to the webhook notification envelope; `data` is the payload JSON. */
export function factToWebhookEnvelope(fact: Fact): WebhookEnvelope {
  return {
    id: fact.id,
    event: fact.type,
    createdAt: (fact.occurredAt ? timestampDate(fact.occurredAt) : new Date(0)).toISOString(),
    data: payloadToJson(fact) ?? {},
  };
}

/**
 * Kafka message key: the regatta id where one is involved, else the organization id, else the
 * user id (identity and accounts facts), else the message id.
 */
export function factKey(fact: Fact): string {
  if (fact.eventId) return fact.eventId;
  if (fact.organizationId) return fact.organizationId;
  switch (fact.payload.case) {
    case "userRegistered":
    case "passwordResetRequested":
    case "emailConfirmationRequested":
    case "newDeviceSignedIn":
      return fact.payload.value.userId;
  }
  return fact.id;
}

/** Kafka headers for a fact: message-id, fact-type and (when known) x-request-id. */
export function factHeaders(fact: Fact): Record<string, string> {
  const headers: Record<string, string> = {
    [FACT_HEADERS.messageId]: fact.id,
    [FACT_HEADERS.factType]: fact.type,
  };
  if (fact.requestId) headers[FACT_HEADERS.requestId] = fact.requestId;
  return headers;
}

/** The topic of a known fact type (without KAFKA_TOPIC_PREFIX). */
export function factTopic(type: FactType): TopicName {
  return FACT_TOPIC[type];
}

/** The fact types published on topic T. */
export type FactTypeOn<T extends TopicName> = { [K in FactType]: (typeof FACT_TOPIC)[K] extends T ? K : never }[FactType];
/** The payload cases of the facts published on topic T. */
export type FactPayloadCaseOn<T extends TopicName> = FactPayloadCaseOf<FactTypeOn<T>>;
/**
 * A fact's payload as a consumer of topics T decodes it: one of the cases published there, or
 * `case: undefined` for a fact type this build does not know yet. A consumer switches over its case
 * once, exhaustively, ending in `default: return unhandledFact(payload)`, so a fact type added to
 * one of its topics fails type-checking until the consumer decides what to do with it.
 */
export type FactPayloadOn<T extends TopicName> = Extract<FactPayload, { case: FactPayloadCaseOn<T> | undefined }>;

const CASE_TOPIC = new Map<string, TopicName>(FACT_TYPES.map((type) => [FACT_PAYLOAD_CASE[type], FACT_TOPIC[type]]));

/** The payload of a fact read from `topics` (a payload of another topic reads as an unknown fact). */
export function factPayloadOn<T extends TopicName>(fact: Fact, topics: readonly T[]): FactPayloadOn<T> {
  const topic = fact.payload.case === undefined ? undefined : CASE_TOPIC.get(fact.payload.case);
  if (topic !== undefined && (topics as readonly TopicName[]).includes(topic)) return fact.payload as FactPayloadOn<T>;
  return { case: undefined } as FactPayloadOn<T>;
}

/** The `default` of an exhaustive switch over a payload case: unreachable once every case is handled. */
export function unhandledFact(payload: never): never {
  throw new TypeError(`no branch for fact payload ${String((payload as { case?: unknown }).case)}`);
}

export * from "./vocabulary/index.js";
