import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { create, equals } from "@bufbuild/protobuf";
import {
  FACT_PAYLOAD_CASE,
  FACT_TOPIC,
  FACT_TYPES,
  FactSchema,
  RegistrationSchema,
  TOPICS,
  WEBHOOK_EVENT_TYPES,
  decodeFact,
  encodeFact,
  factHeaders,
  factKey,
  factPayload,
  factToJson,
  factToWebhookEnvelope,
  isFactType,
  isWebhookEventType,
  newFact,
  payloadToJson,
  timestampDate,
  timestampFromDate,
} from "./index.js";

const EVENT_ID = "6f1c2a52-8d0e-4c4a-9a57-0b8f7e0c1a11";
const ORG_ID = "0b7a3a1e-1f7c-4a55-8a8e-2f7a3c9d0e22";
const at = (iso: string) => timestampFromDate(new Date(iso));

describe("facts round-trip", () => {
  it("registration.created keeps the full snapshot through encode/decode", () => {
    const fact = newFact(
      "registration.created",
      "registrationCreated",
      {
        registration: {
          id: "r-1",
          eventId: EVENT_ID,
          fleetId: "f-1",
          userId: "u-1",
          sailorName: "Ada Lovelace",
          boat: { id: "b-1", name: "Analytical", sailNumber: "USA 42", ratings: { phrf: 132, portsmouth_rya: 1098.5 } },
          status: "registered",
          paymentStatus: "pending",
          crew: ["Charles", "Mary"],
          registrationTime: at("2025-05-01T10:00:00Z"),
          fleetName: "J/70",
          entryOrder: "1042",
        },
      },
      { producer: "events", eventId: EVENT_ID, organizationId: ORG_ID, requestId: "req-1", id: "m-1", occurredAt: new Date("2025-05-01T10:00:01.5Z"), actorUserId: "u-7" },
    );
    const bytes = encodeFact(fact);
    assert.ok(bytes instanceof Uint8Array && bytes.length > 0);
    const back = decodeFact(bytes);
    assert.ok(equals(FactSchema, fact, back));
    assert.equal(back.type, "registration.created");
    assert.equal(back.id, "m-1");
    // The person whose request caused it (attribution of changes other services record).
    assert.equal(back.actorUserId, "u-7");
    assert.equal(timestampDate(back.occurredAt!).toISOString(), "2025-05-01T10:00:01.500Z");
    const reg = factPayload(back, "registrationCreated")?.registration;
    assert.ok(reg);
    assert.equal(reg.boat?.ratings["portsmouth_rya"], 1098.5);
    assert.deepEqual(reg.crew, ["Charles", "Mary"]);
    assert.equal(reg.emergencyContact, undefined);
    assert.equal(factPayload(back, "registrationUpdated"), undefined);

    assert.deepEqual(payloadToJson(back), {
      registration: {
        id: "r-1",
        eventId: EVENT_ID,
        fleetId: "f-1",
        userId: "u-1",
        sailorName: "Ada Lovelace",
        boat: { id: "b-1", name: "Analytical", sailNumber: "USA 42", ratings: { phrf: 132, portsmouth_rya: 1098.5 } },
        status: "registered",
        paymentStatus: "pending",
        crew: ["Charles", "Mary"],
        registrationTime: "2025-05-01T10:00:00Z",
        fleetName: "J/70",
        // The order of entries, an int64: a string in JSON.
        entryOrder: "1042",
        // Rating changes: the repeated field is emitted empty (alwaysEmitImplicit).
        ratingChanges: [],
      },
    });
    assert.deepEqual(factHeaders(back), { "message-id": "m-1", "fact-type": "registration.created", "x-request-id": "req-1" });
    assert.equal(factKey(back), EVENT_ID);
    assert.equal(FACT_TOPIC[back.type as "registration.created"], "registrations.v1");
  });

  it("results.updated keeps optional fields absent vs zero and emits implicit defaults in JSON", () => {
    const fact = newFact(
      "results.updated",
      "resultsUpdated",
      {
        eventId: EVENT_ID,
        raceId: "race-1",
        fleetId: "f-1",
        raceNumber: 1,
        raceName: "Race 1",
        raceStatus: "finished",
        actualStart: at("2025-05-02T12:00:00Z"),
        results: [
          { boatId: "b-1", userId: "u-1", boatName: "Analytical", position: 1, finishTime: at("2025-05-02T13:05:30Z"), elapsedSeconds: 3930, correctedSeconds: 3801.25, points: 1, status: "finished" },
          { boatId: "b-2", userId: "u-2", boatName: "Difference", points: 6, status: "dnf", code: "DNF", notes: "retired, broken mast" },
        ],
      },
      { producer: "results-scoring", eventId: EVENT_ID },
    );
    const back = decodeFact(encodeFact(fact));
    const payload = factPayload(back, "resultsUpdated");
    assert.ok(payload);
    assert.equal(payload.published, false);
    assert.equal(payload.results[0]?.position, 1);
    assert.equal(payload.results[1]?.position, undefined);
    assert.equal(payload.results[1]?.code, "DNF");

    const json = payloadToJson(back);
    assert.deepEqual(json, {
      eventId: EVENT_ID,
      raceId: "race-1",
      fleetId: "f-1",
      raceNumber: 1,
      raceName: "Race 1",
      raceStatus: "finished",
      actualStart: "2025-05-02T12:00:00Z",
      published: false,
      results: [
        { boatId: "b-1", userId: "u-1", boatName: "Analytical", position: 1, finishTime: "2025-05-02T13:05:30Z", elapsedSeconds: 3930, correctedSeconds: 3801.25, points: 1, status: "finished" },
        { boatId: "b-2", userId: "u-2", boatName: "Difference", points: 6, status: "dnf", code: "DNF", notes: "retired, broken mast" },
      ],
    });
    // An unset requestId adds no header.
    assert.deepEqual(Object.keys(factHeaders(back)).sort(), ["fact-type", "message-id"]);
    assert.match(back.id, /^[0-9a-f-]{36}$/);
  });

  it("event.updated and standings.updated carry snapshots; factToJson and the webhook envelope", () => {
    const updated = newFact(
      "event.updated",
      "eventUpdated",
      {
        event: {
          id: EVENT_ID,
          organization: { id: ORG_ID, slug: "sfyc", name: "San Francisco YC" },
          name: "Spring Regatta",
          slug: "spring-regatta",
          startDate: at("2025-05-02T00:00:00Z"),
          endDate: at("2025-05-04T00:00:00Z"),
          status: "ongoing",
          entryFee: "125.00",
          currency: "USD",
          maxParticipants: 0,
          settingsJson: JSON.stringify({ tracking: true }),
        },
        previousStatus: "published",
        changedFields: ["status"],
      },
      { producer: "events", eventId: EVENT_ID, organizationId: ORG_ID, id: "m-2", occurredAt: new Date("2025-05-02T08:00:00Z") },
    );
    const back = decodeFact(encodeFact(updated));
    const event = factPayload(back, "eventUpdated")?.event;
    assert.equal(event?.maxParticipants, 0, "optional zero survives (explicit presence)");
    assert.equal(event?.description, undefined);
    assert.deepEqual(JSON.parse(event?.settingsJson ?? "null"), { tracking: true });

    const whole = factToJson(back);
    assert.equal(whole["type"], "event.updated");
    assert.equal(whole["occurredAt"], "2025-05-02T08:00:00Z");
    assert.equal(whole["eventId"], EVENT_ID);
    assert.equal((whole["eventUpdated"] as { previousStatus: string }).previousStatus, "published");

    assert.deepEqual(factToWebhookEnvelope(back), {
      id: "m-2",
      event: "event.updated",
      createdAt: "2025-05-02T08:00:00.000Z",
      data: payloadToJson(back),
    });

    const standings = newFact(
      "standings.updated",
      "standingsUpdated",
      {
        eventId: EVENT_ID,
        fleetId: "f-1",
        fleetName: "J/70",
        scoringSystem: "low_point",
        drops: 1,
        appliedDrops: 1,
        boatsInFleet: 2,
        entries: [
          {
            position: 1, boatId: "b-1", userId: "u-1", boatName: "Analytical", totalPoints: 9, netPoints: 3, racesCompleted: 3,
            raceResults: [{ raceNumber: 1, points: 1 }, { raceNumber: 2, points: 6, dropped: true, code: "DNF" }, { raceNumber: 3, points: 2 }],
          },
        ],
      },
      { producer: "results-scoring", eventId: EVENT_ID },
    );
    const s = factPayload(decodeFact(encodeFact(standings)), "standingsUpdated");
    assert.equal(s?.entries[0]?.raceResults[1]?.dropped, true);
    assert.equal(s?.entries[0]?.netPoints, 3);
  });

  it("identity and organization facts are keyed without a regatta", () => {
    const user = newFact("user.registered", "userRegistered", { userId: "u-9", email: "a@b.c", name: "Ada" }, { producer: "identity" });
    assert.equal(factKey(decodeFact(encodeFact(user))), "u-9");
    const org = newFact(
      "organization.created",
      "organizationCreated",
      { organization: { id: ORG_ID, slug: "sfyc", name: "SFYC", type: "yacht-club", founded: 1869, address: { city: "Belvedere", postalCode: "94920" }, createdBy: "u-9" } },
      { producer: "organizations", organizationId: ORG_ID },
    );
    const back = decodeFact(encodeFact(org));
    assert.equal(factKey(back), ORG_ID);
    assert.deepEqual((payloadToJson(back)?.["organization"] as { address: unknown }).address, { city: "Belvedere", postalCode: "94920" });
  });

  it("series.standings.updated is an internal results.v1 fact keyed by the organization", () => {
    const fact = newFact(
      "series.standings.updated",
      "seriesStandingsUpdated",
      {
        seriesId: "s-1",
        organizationId: ORG_ID,
        slug: "bay-series",
        name: "Bay Series",
        year: 2025,
        scoringRule: "event_places",
        bestOf: 1,
        events: [{ id: EVENT_ID, slug: "spring-regatta", name: "Spring Regatta", startDate: at("2025-05-02T00:00:00Z") }],
        entries: [
          {
            position: 1, fleet: "J/70", boatId: "b-1", boatName: "Analytical", sailNumber: "USA 42", totalPoints: 3, netPoints: 1, eventsSailed: 1,
            cells: [
              { eventId: EVENT_ID, eventSlug: "spring-regatta", points: 1, place: 1 },
              { eventId: "e-2", eventSlug: "autumn", points: 2, dropped: true, absent: true },
            ],
          },
        ],
      },
      { producer: "results-scoring", organizationId: ORG_ID },
    );
    const back = decodeFact(encodeFact(fact));
    assert.equal(factKey(back), ORG_ID);
    assert.equal(back.eventId, undefined);
    assert.equal(FACT_TOPIC["series.standings.updated"], TOPICS.results);
    assert.equal(isWebhookEventType(back.type), false);
    const payload = factPayload(back, "seriesStandingsUpdated");
    assert.equal(payload?.bestOf, 1);
    assert.equal(payload?.entries[0]?.cells[1]?.place, undefined);
    assert.deepEqual((payloadToJson(back)?.["entries"] as { cells: unknown }[])[0]?.cells, [
      { eventId: EVENT_ID, eventSlug: "spring-regatta", points: 1, place: 1, dropped: false, absent: false },
      { eventId: "e-2", eventSlug: "autumn", points: 2, dropped: true, absent: true },
    ]);
  });

  it("split.standings.updated is an internal results.v1 fact keyed by the event", () => {
    const fact = newFact(
      "split.standings.updated",
      "splitStandingsUpdated",
      {
        eventId: EVENT_ID,
        qualifyingFleetIds: ["q"],
        finalFleetIds: ["gold", "silver"],
        stage: "final",
        boatsInSplit: 2,
        entries: [
          { rank: 1, boatId: "b-2", userId: "u-2", sailorName: "Bo", boatName: "Two", qualifyingFleetId: "q", finalFleetId: "gold", totalPoints: 3, netPoints: 3 },
          { rank: 2, boatId: "b-4", userId: "", boatName: "Four", qualifyingFleetId: "q", finalFleetId: "silver", totalPoints: 5, netPoints: 5 },
        ],
      },
      { producer: "results-scoring", eventId: EVENT_ID, organizationId: ORG_ID },
    );
    const back = decodeFact(encodeFact(fact));
    assert.equal(factKey(back), EVENT_ID);
    assert.equal(FACT_TOPIC["split.standings.updated"], TOPICS.results);
    assert.equal(isWebhookEventType(back.type), false);
    const payload = factPayload(back, "splitStandingsUpdated");
    assert.equal(payload?.medalFleetId, undefined);
    assert.deepEqual(payload?.entries.map((e) => [e.rank, e.boatId, e.userId, e.finalFleetId ?? null, e.medal ?? null]), [
      [1, "b-2", "u-2", "gold", null],
      [2, "b-4", "", "silver", null],
    ]);
  });

  it("accepts a created payload message as well as an init object", () => {
    const registration = create(RegistrationSchema, { id: "r-2", eventId: EVENT_ID, status: "cancelled" });
    const fact = newFact("registration.cancelled", "registrationCancelled", { registration, previousStatus: "registered" }, { producer: "events", eventId: EVENT_ID });
    assert.equal(factPayload(decodeFact(encodeFact(fact)), "registrationCancelled")?.registration?.id, "r-2");
  });
});

describe("fact catalogue and guards", () => {
  it("maps every fact type to a topic and a distinct payload case", () => {
    assert.equal(FACT_TYPES.length, 47); // 20 + password_reset.requested, email_confirmation.requested, sign_in.new_device (accounts) + finish.recorded, race.signal.recorded, tally.day.closed (race capture) + results.revised/posted/official + protest.lodged, hearing.scheduled, decision.published, protest.withdrawn (the protest room) + regatta.imported (Sailwave import) + 10 of complete resources + fleet.split (split series) + ranking.published (national rankings) + split.standings.updated (internal, rankings of split series)
    assert.equal(new Set(Object.values(FACT_PAYLOAD_CASE)).size, FACT_TYPES.length);
    const oneofCases = FactSchema.oneofs[0]!.fields.map((f) => f.localName).sort();
    assert.deepEqual([...Object.values(FACT_PAYLOAD_CASE)].sort(), oneofCases);
    for (const type of FACT_TYPES) assert.ok(Object.values(TOPICS).includes(FACT_TOPIC[type]));
    for (const type of WEBHOOK_EVENT_TYPES) assert.ok(isFactType(type));
    assert.equal(isFactType("nope.happened"), false);
  });

  it("rejects a payload case that does not match the type", () => {
    assert.throws(
      // @ts-expect-error the case of registration.created is registrationCreated
      () => newFact("registration.created", "registrationUpdated", {}, { producer: "events" }),
      TypeError,
    );
  });

  it("decodes a fact of an unknown (newer) kind without failing and preserves it on re-encode", () => {
    const base = encodeFact(newFact("race.started", "raceStarted", { raceId: "x" }, { producer: "results-scoring", eventId: EVENT_ID, id: "m-3" }));
    // Simulate a newer producer: type "race.postponed" in a payload field number this build does not know (99).
    const newer = create(FactSchema, decodeFact(base));
    newer.type = "race.postponed";
    newer.payload = { case: undefined };
    const unknownField = new Uint8Array([0x9a, 0x06, 0x03, 0x0a, 0x01, 0x78]); // field 99, LEN 3: {1: "x"}
    const bytes = new Uint8Array([...encodeFact(newer), ...unknownField]);
    const decoded = decodeFact(bytes);
    assert.equal(decoded.type, "race.postponed");
    assert.equal(decoded.payload.case, undefined);
    assert.equal(isFactType(decoded.type), false);
    assert.equal(payloadToJson(decoded), null);
    assert.deepEqual(encodeFact(decoded), bytes);
  });
});
