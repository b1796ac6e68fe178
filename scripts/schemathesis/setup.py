"""
Prepares the schemathesis run against a running test stack (E2E_GATEWAY_URL): signs up a user,
creates an API key with every scope, an organization, a published regatta with two fleets, a race,
an entry, a series and a webhook, and writes the schemathesis configuration (schemathesis.toml) that
authenticates with the key (and the session cookie, for the session-only routes) and offers those
real ids and slugs as dictionary values, so that generated requests reach real resources as well as
unknown ones.

usage: setup.py OUT_DIR
"""

import json
import os
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone

import requests

BASE = os.environ["E2E_GATEWAY_URL"].rstrip("/")
OUT = sys.argv[1]
TIMEOUT = 30


def call(method, path, *, expect, cookie=None, token=None, body=None):
    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if cookie:
        headers["Cookie"] = f"regatta_session={cookie}"
    response = requests.request(method, BASE + path, json=body, headers=headers, timeout=TIMEOUT)
    if response.status_code != expect:
        sys.exit(f"schemathesis setup: {method} {path} answered {response.status_code}: {response.text[:500]}")
    return response


def iso(moment):
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


suffix = uuid.uuid4().hex[:10]
signup = call(
    "POST",
    "/api/v1/auth/signup",
    expect=201,
    body={"email": f"contract-{suffix}@example.org", "password": "contract-check-password", "name": "Contract Check"},
)
user_id = signup.json()["data"]["user"]["id"]
# The cookie is Secure outside development, so it is taken from Set-Cookie rather than a cookie jar.
session_cookie = signup.cookies.get("regatta_session")
if not session_cookie:
    sys.exit("schemathesis setup: sign-up set no regatta_session cookie")
key = call(
    "POST",
    "/api/v1/keys",
    expect=201,
    cookie=session_cookie,
    body={"name": "schemathesis", "scopes": ["read", "write", "register", "results", "admin"]},
).json()["data"]["apiKey"]

organization = call("POST", "/api/v1/organizations", expect=201, token=key, body={"name": f"Contract Yacht Club {suffix}", "type": "yacht-club"}).json()["data"]

now = datetime.now(timezone.utc)
event = call(
    "POST",
    "/api/v1/events",
    expect=201,
    token=key,
    body={
        "organization": organization["slug"],
        "name": f"Contract Regatta {suffix}",
        "startDate": iso(now + timedelta(days=40)),
        "endDate": iso(now + timedelta(days=42)),
        "registrationOpen": iso(now - timedelta(days=1)),
        "registrationClose": iso(now + timedelta(days=39)),
        "maxParticipants": 200,
    },
).json()["data"]
slug = event["slug"]
lasers = call("POST", f"/api/v1/events/{slug}/fleets", expect=201, token=key, body={"name": "Lasers"}).json()["data"]
phrf = call(
    "POST", f"/api/v1/events/{slug}/fleets", expect=201, token=key, body={"name": "PHRF", "handicap": {"system": "phrf_tot"}, "dropRaces": 1}
).json()["data"]
call("PUT", f"/api/v1/events/{slug}", expect=200, token=key, body={"status": "published"})
race = call("POST", f"/api/v1/events/{slug}/races", expect=201, token=key, body={"fleetId": "Lasers"}).json()["data"]
entry = call(
    "POST", f"/api/v1/events/{slug}/register", expect=201, token=key, body={"fleet": "Lasers", "boat": {"name": "Blue Note", "sailNumber": "USA 1"}}
).json()["data"]
series = call(
    "POST",
    "/api/v1/series",
    expect=201,
    token=key,
    body={"organization": organization["slug"], "name": f"Contract Series {suffix}", "year": now.year, "events": [slug]},
).json()["data"]
webhook = call(
    "POST", "/api/v1/webhooks", expect=201, token=key, body={"url": "https://hooks.example.invalid/regatta", "events": ["event.updated"]}
).json()["data"]

# The results service learns of the race and the entry from facts; wait until it answers for them.
deadline = time.time() + 20
while True:
    answer = requests.post(
        f"{BASE}/api/v1/events/{slug}/races/{race['id']}/results",
        json={"actualStart": iso(now - timedelta(hours=2)), "results": [{"boat": entry["boatId"], "status": "finished", "finishTime": iso(now - timedelta(hours=1))}]},
        headers={"Authorization": f"Bearer {key}"},
        timeout=TIMEOUT,
    )
    if answer.status_code == 200:
        break
    if time.time() > deadline:
        sys.exit(f"schemathesis setup: results of the race answered {answer.status_code}: {answer.text[:500]}")
    time.sleep(0.5)

dictionaries = {
    "event": [slug],
    "organization": [organization["slug"]],
    "organizationRef": [organization["slug"], organization["id"]],
    "organizationId": [organization["id"]],
    "fleet": ["Lasers", lasers["id"], phrf["id"]],
    "fleetName": ["Lasers", "PHRF"],
    "race": [race["id"]],
    "raceRef": [race["id"], str(race["raceNumber"])],
    "registration": [entry["id"]],
    "boat": [entry["boatId"]],
    "sailor": [user_id, entry["userId"]],
    "series": [series["slug"]],
    "webhook": [webhook["id"]],
}

# Which parameters take which dictionary, by path (every operation of the path): 70 % of the draws by
# default, the rest stay generated so that unknown ids and slugs are tried too. Where the server
# waits for a lagging projection before answering "unknown" (an organization up to 5 s, an event,
# race, boat or user up to 3 s), real values are drawn more often to keep the run short.
SURE = 0.95
EVENT = {"path.slug": "event"}
bindings = {
    "/api/v1/events": {"body.organization": ("organizationRef", SURE), "query.org": "organization"},
    "/api/v1/events/{slug}": EVENT,
    "/api/v1/events/{slug}/fleets": EVENT,
    "/api/v1/events/{slug}/races": {**EVENT, "body.fleetId": "fleet"},
    "/api/v1/events/{slug}/documents": EVENT,
    "/api/v1/events/{slug}/copy": EVENT,
    "/api/v1/events/{slug}/register": {**EVENT, "body.fleet": "fleet", "body.sailor.userId": ("sailor", SURE)},
    "/api/v1/events/{slug}/registrations": {**EVENT, "query.fleet": "fleet"},
    "/api/v1/events/{slug}/registrations/{registrationId}": {**EVENT, "path.registrationId": "registration"},
    "/api/v1/events/{slug}/registrations/{registrationId}/cancel": {**EVENT, "path.registrationId": "registration"},
    "/api/v1/events/{slug}/races/{raceId}/results": {"body.results[*].boat": ("boat", SURE)},
    "/api/v1/events/{slug}/results": {**EVENT, "query.race": "raceRef", "query.fleet": "fleet", "query.boat": "boat"},
    "/api/v1/events/{slug}/standings": {**EVENT, "query.fleet": "fleet"},
    "/api/v1/events/{slug}/results/publish": EVENT,
    "/api/v1/series": {"body.organization": ("organizationRef", SURE), "body.events[*]": "event", "query.org": "organizationRef"},
    "/api/v1/series/{slug}": {"path.slug": "series"},
    "/api/v1/series/{slug}/standings": {"path.slug": "series", "query.fleet": "fleetName"},
    "/api/v1/organizations/{slug}": {"path.slug": "organization"},
    "/api/v1/organizations/{slug}/members": {"path.slug": "organization"},
    "/api/v1/organizations/{slug}/events": {"path.slug": "organization"},
    "/api/v1/organizations/{slug}/members/{userId}": {"path.slug": "organization"},
    "/api/v1/sailors/{id}": {"path.id": "sailor"},
    "/api/v1/sailors/{id}/history": {"path.id": "sailor"},
    "/api/v1/boats/{id}": {"path.id": "boat"},
    "/api/v1/webhooks": {"query.organizationId": "organizationId", "body.organizationId": "organizationId"},
    "/api/v1/webhooks/{id}": {"path.id": "webhook"},
    "/api/v1/webhooks/{id}/deliveries": {"path.id": "webhook"},
    "/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": {"path.id": "webhook"},
    "/api/v1/webhooks/{id}/ping": {"path.id": "webhook"},
    "/api/v1/embed-tokens": {"query.organizationId": "organizationId", "body.organizationId": "organizationId"},
    "/clubs/{orgSlug}": {"path.orgSlug": "organization"},
    "/clubs/{orgSlug}.json": {"path.orgSlug": "organization"},
    "/series/{seriesSlug}": {"path.seriesSlug": "series"},
    "/series/{seriesSlug}.json": {"path.seriesSlug": "series"},
}
# Fixed values: every draw (the coverage phase draws no dictionary values, and each request to an
# unknown regatta or race waits 3 s before its 404; unknown ids are tried on the other routes).
fixed = {"/api/v1/events/{slug}/races/{raceId}/results": {"path.slug": slug, "path.raceId": race["id"]}}
for tab in ["", ".json", "/entries", "/entries.json", "/results", "/results.json", "/standings", "/standings.json"]:
    bindings[f"/regattas/{{eventSlug}}{tab}"] = {"path.eventSlug": "event"}


def toml_string(value):
    return json.dumps(value)


lines = [
    "# Written by scripts/schemathesis/setup.py for one run; see scripts/schemathesis.sh.",
    "[auth.openapi.bearerKey]",
    f"bearer = {toml_string(key)}",
    "[auth.openapi.sessionCookie]",
    f"api_key = {toml_string(session_cookie)}",
    "",
    "# A schema-valid request may still be refused for what its schema cannot know: 401/403 (credentials,",
    "# scopes, roles), 404 (unknown ids), 409 (state), 429 (limits), 413 (the 256 kB body limit of",
    "# base.yaml) and 400 for a rule the operation documents (hooks.py `refusal_is_documented` judges",
    "# every 400 answered to a positive case).",
    "[checks.positive_data_acceptance]",
    'expected-statuses = ["2xx", "304", "400", "401", "403", "404", "409", "413", "429"]',
    "",
    "# A document's body may hold 100,000 characters: a negative case one longer is a string Hypothesis",
    "# refuses to build ('larger than hypothesis is designed to handle', reported as large_base_example,",
    "# which --suppress-health-check cannot silence). It failed one fresh-clone run. The fuzzing phase",
    "# sends only valid documents there; the coverage phase still sends its boundary and invalid cases.",
    "[[operations]]",
    'include-operation-id = "addEventDocument"',
    'phases.fuzzing.generation.mode = "positive"',
    "",
]
for name, values in dictionaries.items():
    lines += [f"[dictionaries.{name}]", f"values = {json.dumps(values)}", ""]
for path, parameters in bindings.items():
    entries = ", ".join(
        [
            f"{toml_string(parameter)} = {{ dictionary = {toml_string(binding if isinstance(binding, str) else binding[0])}, probability = {0.7 if isinstance(binding, str) else binding[1]} }}"
            for parameter, binding in parameters.items()
        ]
        + [f"{toml_string(parameter)} = {toml_string(value)}" for parameter, value in fixed.get(path, {}).items()]
    )
    lines += ["[[operations]]", f"include-path = {toml_string(path)}", f"parameters = {{ {entries} }}", ""]

os.makedirs(OUT, exist_ok=True)
with open(os.path.join(OUT, "schemathesis.toml"), "w", encoding="utf-8") as handle:
    handle.write("\n".join(lines))
# For hooks.py (REGATTA_CONTRACT_CONTEXT).
with open(os.path.join(OUT, "context.json"), "w", encoding="utf-8") as handle:
    json.dump({"event": slug, "race": race["id"], "boat": entry["boatId"]}, handle)
print(f"schemathesis setup: organization {organization['slug']}, regatta {slug} (published, fleets Lasers and PHRF, race {race['raceNumber']}, one entry), series {series['slug']}, webhook {webhook['id']}")
