/**
 * The catalogue of problem codes: every `code` a problem+json response of the platform can carry, with
 * its HTTP status and what it means. Throw `problem('slug_taken', detail)` instead of writing a status
 * and a code by hand; tests assert codes from here (`PROBLEMS.slug_taken.status`). One refusal, one
 * code: a new code is added here first, with the status it always answers.
 */
import { HttpProblem, type FieldError } from './problem.js';

export interface ProblemSpec {
  readonly status: number;
  /** When the code is used, for the reference and for reviewers. */
  readonly meaning: string;
}

const spec = (status: number, meaning: string): ProblemSpec => ({ status, meaning });

export const PROBLEMS = {
  // 400: the request cannot be processed as sent
  bad_request: spec(400, 'The request line or headers cannot be read.'),
  validation_failed: spec(400, 'One or more fields are not valid; `errors` names each.'),
  malformed_json: spec(400, 'The body is not JSON.'),
  malformed_path: spec(400, 'A path segment is not valid percent-encoded UTF-8, or holds a NUL.'),
  unknown_organization: spec(400, 'The body names an organization that does not exist.'),
  unknown_event: spec(400, 'The body names an event that does not exist.'),
  unknown_fleet: spec(400, 'The body names a fleet that is not part of this event.'),
  unknown_race: spec(400, 'The body names a race that is not part of this event.'),
  unknown_boat: spec(400, 'A result names a boat that is not registered in the race’s fleet.'),
  unknown_sailor: spec(400, 'The registration names a sailor that does not exist.'),
  invalid_rating: spec(400, 'A boat rating is outside the plausible range of its system.'),
  missing_rating: spec(400, 'The boat lacks the rating its fleet’s handicap system needs.'),
  missing_course_distance: spec(400, 'A time-on-distance fleet’s race has finishers but no course distance.'),
  unscorable_results: spec(400, 'The results cannot be scored as submitted (e.g. a finisher without a time).'),
  duplicate_boat: spec(400, 'A race’s results list a boat more than once.'),
  missing_finish_time: spec(400, 'A boat with status finished has no finish time.'),
  missing_actual_start: spec(400, 'Finish times were sent for a race whose start is not known (send actualStart).'),
  finish_before_start: spec(400, 'A finish time is at or before the race’s start.'),
  invalid_status_transition: spec(400, 'The registration cannot move from its status to the one asked for.'),
  invalid_payment_transition: spec(400, 'The payment status cannot move to the one asked for.'),
  registration_not_open: spec(400, 'The event is not published, or its registration window has not opened yet.'),
  registration_closed: spec(400, 'The event’s registration window has closed.'),
  entry_form_incomplete: spec(400, 'The entry leaves a required question unanswered or a waiver unaccepted (a guardian too for a sailor under 18); `errors` names each field.'),
  inapplicable_consequence: spec(400, 'A decision’s consequence cannot apply to that boat’s result (e.g. a DPI for a boat that did not finish).'),
  // The Sailwave import: what was wrong with the file, and where (`errors`: line and message).
  sailwave_not_sailwave: spec(400, 'The file is not a Sailwave .blw file (judged on its first bytes; nothing more is read).'),
  sailwave_unreadable: spec(400, 'The Sailwave file cannot be read: truncated, binary or UTF-16, a malformed record or number; `errors` name the lines.'),
  sailwave_empty: spec(400, 'The file is empty or holds only blank lines.'),
  // Race capture: records made on the water that cannot be kept (nothing of them is stored).
  time_in_future: spec(400, 'A recorded time is ahead of the server clock beyond its tolerance (5 minutes for a race record, 2 for a tally movement).'),
  time_too_old: spec(400, 'A tally movement’s device time is more than 24 hours before the server received it.'),
  unknown_record: spec(400, 'A capture record replaces one that is not a record in force of that race.'),
  // 401: who is calling is unknown
  credentials_required: spec(401, 'No API key, session or embed token was sent.'),
  malformed_credentials: spec(401, 'The Authorization header is not `Bearer rgt_…`.'),
  invalid_api_key: spec(401, 'The API key is unknown or revoked.'),
  api_key_expired: spec(401, 'The API key has expired.'),
  invalid_embed_token: spec(401, 'The embed token is unknown or revoked.'),
  invalid_device_token: spec(401, 'The committee device token is unknown, revoked, or outside its days.'),
  invalid_credentials: spec(401, 'E-mail and password do not match.'),
  session_required: spec(401, 'The route needs a signed-in session.'),
  session_expired: spec(401, 'The session has expired or was signed out.'),
  missing_identity_assertion: spec(401, 'A service was called without the gateway’s identity assertion.'),
  // 403: known, but not allowed
  missing_scope: spec(403, 'The key lacks the scope the route needs; `requiredScope` names it.'),
  not_a_member: spec(403, 'The caller is not a member of the organization that owns the resource.'),
  organization_admin_required: spec(403, 'Only an admin of the organization may do this.'),
  organization_membership_required: spec(403, 'Only a member of the organization may do this.'),
  entrant_only: spec(403, 'Only the sailor of the entry (or whoever entered for her) accepts its waivers.'),
  capture_role_required: spec(403, 'Recording on the water and committee devices need the race officer, scorer or admin role; `role` names the caller’s.'),
  not_your_boat: spec(403, 'A competitor acts only for a boat registered to her in the event (a protest, request or inquiry; a sign-out or sign-in of the safety tally).'),
  organizer_only: spec(403, 'Only the event’s organizers may change this field.'),
  user_required: spec(403, 'The route needs a user (not an embed token).'),
  embed_token_not_allowed: spec(403, 'Embed tokens may only read public events, results and standings.'),
  origin_not_allowed: spec(403, 'The embed token is not allowed on the page’s origin.'),
  cross_site_request: spec(403, 'A cookie-authenticated write came from another site.'),
  internal_only: spec(403, 'The route is for other services only.'),
  device_not_allowed: spec(403, 'A committee device records only for the regatta it was enrolled for, and cannot enrol or revoke devices.'),
  // 404, 405
  not_found: spec(404, 'The resource does not exist or is not visible to the caller.'),
  route_not_found: spec(404, 'No route has this path.'),
  user_not_found: spec(404, 'No user has this e-mail address.'),
  enrolment_not_found: spec(404, 'The enrolment code is unknown, used, revoked or expired.'),
  method_not_allowed: spec(405, 'The path exists but not with this method; `Allow` lists the methods.'),
  // 409: the state does not allow it
  slug_taken: spec(409, 'Another resource already has this slug.'),
  capture_id_conflict: spec(409, 'A capture record with this client id was sent before with a different body.'),
  tally_day_open: spec(409, 'The safety tally day cannot be closed before its sign-in deadline (without one, before the day ended).'),
  email_taken: spec(409, 'A user with this e-mail address exists.'),
  last_admin: spec(409, 'The organization would be left without an admin.'),
  duplicate_fleet_name: spec(409, 'The event already has a fleet of this name.'),
  duplicate_race_number: spec(409, 'The fleet already has a race of this number.'),
  event_closed: spec(409, 'The event is completed or cancelled.'),
  no_place_available: spec(409, 'The fleet is full.'),
  sailor_already_registered: spec(409, 'The sailor already has an active registration in this event.'),
  boat_already_registered: spec(409, 'The boat already has an active registration in this event.'),
  already_cancelled: spec(409, 'The registration is already cancelled.'),
  entry_not_active: spec(409, 'The entry is cancelled or marked no-show: only a registered or waitlisted entry changes fleet or boat.'),
  webhook_inactive: spec(409, 'The webhook is disabled.'),
  revision_not_revertible: spec(409, 'The revision is a publication step: it recorded no results to restore.'),
  results_not_submitted: spec(409, 'A race named has no results yet: they cannot be published or made official.'),
  split_series_locked: spec(409, 'The final (or medal) fleets of the split series already have results: the definition and that split can no longer change.'),
  split_stage_not_ready: spec(409, 'The split series is not at this stage yet (the medal split needs the final split first).'),
  unknown_time_zone: spec(400, 'The time zone is not an IANA time zone name the service knows (e.g. Europe/Rome).'),
  decision_in_force: spec(409, "Reverting to that revision would set aside a protest committee's decision applied since; only a reopened hearing changes it (rule 66)."),
  protest_withdrawn: spec(409, 'The protest was withdrawn (rule 63.1): it has no hearing and no decision.'),
  protest_decided: spec(409, 'The protest is decided: its hearing cannot be moved nor the decision made again (lodge a request to reopen).'),
  // Complete resources: removals refused where history would be lost.
  event_has_registrations: spec(409, 'The event has registrations: it cannot be deleted, only cancelled (POST /events/{slug}/cancel).'),
  event_in_series: spec(409, 'The event is part of a series: take it out of the series before deleting it.'),
  event_already_cancelled: spec(409, 'The event is already cancelled.'),
  fleet_in_use: spec(409, 'The fleet has entries or races: it cannot be deleted.'),
  race_has_results: spec(409, 'The race has started or has results: it cannot be deleted (abandon it through its results).'),
  race_under_way: spec(409, 'The race has started or has results: its status is recorded with its results, not by the schedule.'),
  overall_not_comparable: spec(409, 'The overall result cannot rank these fleets on corrected time: they use different handicap systems (state one) or a one-design one (use method "points").'),
  document_withdrawn: spec(409, 'The document is withdrawn: it can no longer be amended or withdrawn again.'),
  // 413, 415, 429
  payload_too_large: spec(413, 'The body is larger than the route accepts.'),
  sailwave_too_large: spec(413, 'The Sailwave file is larger than the import accepts (SAILWAVE_MAX_BYTES); reading stopped at the limit.'),
  unsupported_media_type: spec(415, 'The body is not application/json in UTF-8.'),
  rate_limit_exceeded: spec(429, 'The key’s hourly limit (or the address’s per-minute limit) is used up.'),
  too_many_failed_logins: spec(429, 'Too many failed logins for this address or account; wait `Retry-After`.'),
  // 5xx
  internal_error: spec(500, 'An unexpected error; the request id finds it in the logs.'),
  bad_gateway: spec(502, 'The service behind the gateway answered with something that is not HTTP.'),
  service_unavailable: spec(503, 'A service or its database, Redis or Kafka is unavailable; retry.'),
  identity_unavailable: spec(503, 'The identity service cannot check the credentials; retry.'),
  console_not_built: spec(503, 'The gateway has no built console to serve at /console/ (npm run build).'),
  gateway_timeout: spec(504, 'The service behind the gateway did not answer in time.'),
} as const satisfies Record<string, ProblemSpec>;

export type ProblemCode = keyof typeof PROBLEMS;

/** The problem for `code`, with the status the catalogue gives it. */
export function problem(
  code: ProblemCode,
  detail: string,
  options: { errors?: FieldError[]; extensions?: Record<string, unknown>; headers?: Record<string, string> } = {},
): HttpProblem {
  return new HttpProblem(PROBLEMS[code].status, code, detail, options);
}

export function isProblemCode(code: string): code is ProblemCode {
  return Object.hasOwn(PROBLEMS, code);
}
