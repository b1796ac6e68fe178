/**
 * Who may see an event or an organization: the platform's one rule, beside the identity it reads.
 * Unknown and invisible look the same to a caller (404).
 * - an embed token sees its own organization only, and of it only public events;
 * - anyone else sees every public event: one whose status is known and not a draft (a cancelled
 *   regatta stays readable with its notice; a projection row whose event.created has not arrived yet
 *   has no status and is not public);
 * - an event that is not public is seen by the members (member or admin) of its organization.
 * Organization roles come from the gateway's identity assertion; a service that knows more (the
 * events service counts an organization's creator as its admin until identity says otherwise)
 * passes its own `roleIn`.
 */
import { PUBLIC_PAGE_EVENT_STATUSES, type MemberRole } from '@regatta/contracts/vocabulary';
import type { Identity } from './assertion.js';

/** The caller as these rules need it. */
export type Viewer = Pick<Identity, 'via' | 'roles' | 'embedOrganizationId'>;

/** An event as these rules need it (a projection row may not know its organization or status yet). */
export interface VisibleEvent {
  organizationId: string | null | undefined;
  status: string | null | undefined;
}

/** The caller's role in an organization as the assertion states it; embed tokens and anonymous callers have none. */
export function assertedRole(viewer: Viewer, organizationId: string | null | undefined): MemberRole | undefined {
  if (!organizationId || viewer.via === 'embed' || viewer.via === 'anonymous') return undefined;
  return viewer.roles[organizationId];
}

/** Whether an event in this status is seen by people outside its organization. */
export function isPublicEventStatus(status: string | null | undefined): boolean {
  return (PUBLIC_PAGE_EVENT_STATUSES as readonly string[]).includes(status ?? '');
}

/** Whether a caller may see an organization (and what it owns) at all: an embed token only its own. */
export function canSeeOrganization(viewer: Viewer, organizationId: string | null | undefined): boolean {
  if (viewer.via === 'embed') return !!organizationId && viewer.embedOrganizationId === organizationId;
  return true;
}

/** Whether a caller may see an event at all. */
export function canSeeEvent(
  viewer: Viewer,
  event: VisibleEvent,
  roleIn: (organizationId: string) => MemberRole | undefined = (organizationId) => assertedRole(viewer, organizationId),
): boolean {
  if (!canSeeOrganization(viewer, event.organizationId)) return false;
  if (isPublicEventStatus(event.status)) return true;
  return viewer.via !== 'embed' && !!event.organizationId && roleIn(event.organizationId) !== undefined;
}
