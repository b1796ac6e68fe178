"""
Schemathesis hooks of the contract run (scripts/schemathesis.sh), loaded through SCHEMATHESIS_HOOKS.

`refusal_is_documented`: the stricter half of "positive data acceptance". The built-in check lets a
schema-valid request be answered 400 (the run's configuration lists 400 among the expected statuses,
because many refusals depend on state the schema cannot know: an unknown fleet, a closed
registration). This check then judges every such 400 answered to a positively generated request:

- a problem whose `code` is not `validation_failed` passes when the operation's description names
  that code (in backticks): a documented rule-based refusal such as `unknown_fleet`;
- `validation_failed` means "your input does not fit the schema": it fails the check, except for the
  few rules the document states in prose because JSON Schema cannot express them (RULE_FIELDS: a
  field compared with another one) and for the document-wide rule of base.yaml that no string may
  contain the NUL character.
"""

import itertools
import json
import os
import re

import schemathesis

# operationId -> errors[].field values (regular expressions) of the cross-field rules its description
# states. Anything else answered `validation_failed` to a schema-valid request is a contract bug.
RULE_FIELDS = {
    # `before` must be later than `after`.
    "listEvents": [r"query\.before"],
    # endDate not before startDate, registrationClose not before registrationOpen (stored values count
    # for the fields a PUT does not send).
    "createEvent": [r"endDate", r"registrationClose"],
    "updateEvent": [r"endDate", r"registrationClose"],
    # A copy's end day not before its start day; no date (a race's included) moved outside 0001-9999,
    # which depends on the source's dates (named startDate).
    "copyEvent": [r"endDate", r"startDate"],
    # discardThresholds strictly increasing.
    "createFleet": [r"discardThresholds\.\d+"],
    # bestOf at most the number of events; an unknown or repeated event is `unknown_event` alone, and
    # is named among these fields when bestOf is refused too.
    "createSeries": [r"bestOf", r"events\.\d+"],
    # Complete resources: discardThresholds strictly increasing; an amended document still
    # needs a url or a body; bestOf at most the number of events (stored ones when `events` is not sent).
    "updateFleet": [r"discardThresholds\.\d+"],
    "amendEventDocument": [r"url"],
    "updateSeries": [r"bestOf", r"events\.\d+"],
    # organizationId is required when the caller administers several organizations.
    "createWebhook": [r"organizationId"],
    # Which boats a case names depends on its type (a boat protest: protestor and protestees; a
    # committee protest: no protestor; a boat never protests herself).
    "lodgeProtest": [r"protestorBoat", r"protesteeBoats(\.\d+)?"],
    # Each consequence carries only the fields of its action (points with dpi or rdg by points,
    # percent with scp, method with rdg, status/code/finishTime with correct).
    "decideProtest": [r"consequences\.\d+\.(points|percent|method|status|code|finishTime)"],
    # A fleet plays one part only in a split series (named where it repeats).
    "defineSplitSeries": [r"qualifyingFleets\.\d+", r"finalFleets\.\d+", r"medal\.fleetId"],
    # A manual split names every boat; a boat once; a medal split is by rank (no assignments) or manual.
    "splitFleets": [r"assignments(\.\d+\.boat)?", r"method"],
    # Engine options: a rating's range depends on its system; one_design carries none.
    "changeRegistrationRating": [r"system", r"value"],
    # A device's enrolment ends after it starts, and at most 14 days after validFrom.
    "createCaptureEnrolment": [r"validUntil"],
    # Which fields a capture record carries depends on its kind (a finish: at, no code; a code: the
    # code and a boat; a deletion: only what it replaces); only an individual recall names boats.
    "recordFinish": [r"at", r"code", r"sailNumber", r"replaces"],
    "recordRaceSignal": [r"sailNumbers"],
    # The lines of a finish-times CSV are text the schema cannot describe (`sail number,time`).
    "importFinishTimesCsv": [r"csv(\.line \d+)?"],
    # Whether an e-mailed link's token is right (and the link unused and unexpired) is the server's state.
    "resetPassword": [r"token"],
    "confirmEmail": [r"token"],
    # A question's choices depend on its kind (sent or stored): two or more different ones for a
    # choice, none for text and yes_no.
    "createEntryQuestion": [r"choices"],
    "updateEntryQuestion": [r"choices"],
    # A push endpoint's rules (https outside development, no credentials, a URL at all) are prose.
    "subscribeToPush": [r"endpoint"],
}

NUL_MESSAGE = "must not contain the NUL character (U+0000)"

# Ids of the resources setup.py created (REGATTA_CONTRACT_CONTEXT names the file).
_CONTEXT_FILE = os.environ.get("REGATTA_CONTRACT_CONTEXT")
CONTEXT = json.load(open(_CONTEXT_FILE, encoding="utf-8")) if _CONTEXT_FILE else {}
_submissions = itertools.count()


@schemathesis.hook
def before_call(context, case, kwargs):
    """
    Results submissions name the run's registered boat in 7 of 8 requests. results-scoring waits up to
    3 s for a boat it does not know yet (it may have been registered a moment ago) before answering
    400 `unknown_boat`, and the coverage phase, which draws no dictionary values, would spend most of
    the run's time in those waits. Every 8th submission keeps its generated boats, so the refusal is
    still exercised.
    """
    boat = CONTEXT.get("boat")
    if not boat or case.operation.definition.raw.get("operationId") != "submitRaceResults":
        return
    if next(_submissions) % 8 == 0 or not isinstance(case.body, dict):
        return
    for entry in case.body.get("results") or []:
        if isinstance(entry, dict) and isinstance(entry.get("boat"), str):
            entry["boat"] = boat


@schemathesis.check
def refusal_is_documented(ctx, response, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    try:
        problem = response.json()
    except Exception:
        raise AssertionError("A schema-valid request was refused with a 400 that is not problem+json")
    code = problem.get("code") if isinstance(problem, dict) else None
    operation = case.operation.definition.raw
    operation_id = operation.get("operationId", case.operation.label)
    if code == "validation_failed":
        errors = problem.get("errors") or []
        fields = [error.get("field", "") for error in errors if isinstance(error, dict)]
        rules = RULE_FIELDS.get(operation_id, [])

        def documented(error):
            if error.get("message") == NUL_MESSAGE:
                return True
            return any(re.fullmatch(rule, error.get("field", "")) for rule in rules)

        if errors and all(isinstance(error, dict) and documented(error) for error in errors):
            return None
        raise AssertionError(
            f"A schema-valid request was refused with 400 validation_failed ({', '.join(fields) or 'no field named'}): "
            "the schema does not state this limit. Problem: " + str(problem)[:600]
        )
    if code and f"`{code}`" in operation.get("description", ""):
        return None
    raise AssertionError(
        f"A schema-valid request was refused with 400 `{code}`, a code the operation's description does not document. Problem: "
        + str(problem)[:600]
    )
