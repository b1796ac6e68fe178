/**
 * Who may see and change what. Draft events (and their results) are visible only to members of the
 * event's organization; an embed token sees only its own organization's non-draft events; unknown and
 * invisible look the same (404). Submitting and publishing need membership of the organization (role
 * member or admin in the gateway's identity assertion, for sessions and API keys alike).
 */
import { notFound, problem, type Identity } from '@regatta/http';
import { isPublicEvent, type EventProjection } from '../domain/records.js';

export function isMember(identity: Identity, organizationId: string | null): boolean {
  if (!organizationId || identity.via === 'embed' || identity.via === 'anonymous') return false;
  const role = identity.roles[organizationId];
  return role === 'member' || role === 'admin';
}

export function canSeeOrganization(identity: Identity, organizationId: string | null): boolean {
  if (identity.via === 'embed') return !!organizationId && identity.embedOrganizationId === organizationId;
  return true;
}

export function canSeeEvent(identity: Identity, event: EventProjection): boolean {
  if (!canSeeOrganization(identity, event.organizationId)) return false;
  if (!isPublicEvent(event)) return isMember(identity, event.organizationId);
  return true;
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
