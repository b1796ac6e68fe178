/**
 * Who may see and change what. Draft events (and their results) are visible only to members of the
 * event's organization; an embed token sees only its own organization's non-draft events; unknown and
 * invisible look the same (404). Submitting and publishing need membership of the organization (role
 * member or admin in the gateway's identity assertion, for sessions and API keys alike).
 */
import { assertedRole, canSeeEvent, notFound, problem, type Identity } from '@regatta/http';
import type { EventProjection } from '../domain/records.js';

// The platform's one visibility rule (@regatta/http), under the names this service's use cases import.
export { canSeeEvent, canSeeOrganization } from '@regatta/http';

export function isMember(identity: Identity, organizationId: string | null): boolean {
  return assertedRole(identity, organizationId) !== undefined;
}

/** 404 when the caller may not see the event, 403 when she sees it but is not a member. */
export function assertMember(identity: Identity, event: EventProjection): void {
  if (!canSeeEvent(identity, event)) throw notFound('Event');
  if (!isMember(identity, event.organizationId)) {
    throw problem('not_a_member', 'Only members of the organization running this event may submit or publish its results.');
  }
}

/**
 * The race committee's actions (publish per fleet, make official, revert, set the protest time limit):
 * members (member or admin) of the event's organization; the gateway requires the `results` scope of
 * keys. 404 when the caller may not see the event, 403 not_a_member otherwise.
 */
export function assertCommittee(identity: Identity, event: EventProjection): void {
  if (!canSeeEvent(identity, event)) throw notFound('Event');
  if (!isMember(identity, event.organizationId)) {
    throw problem('not_a_member', 'Only members of the organization running this event act as its race committee.');
  }
}
