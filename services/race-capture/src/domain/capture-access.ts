/**
 * Who of an organization may do what on the water for its regattas (a person, through a session or
 * an API key; committee devices are decided by their enrolment, domain/devices.ts):
 * - recording (signals, finishes, the sync, CSV finish times), the day context and managing
 *   committee devices need a capture role: admin, race officer or scorer;
 * - reading back a race's capture log and reconciliation needs membership with any role (a member
 *   who scores at the desk reads the water beside the sheet);
 * - outside the organization nothing.
 */
import { CAPTURE_ROLES, type MemberRole } from '@regatta/contracts';

/** What a request asks of the water: `record` (and device management) or `read` back. */
export type CaptureNeed = 'record' | 'read';

export type CaptureRefusal = 'not_a_member' | 'capture_role_required';

export function mayCaptureAs(role: MemberRole): boolean {
  return (CAPTURE_ROLES as readonly MemberRole[]).includes(role);
}

/** Why a person with `role` in the regatta's organization (undefined: none) may not do `need`, or undefined when they may. */
export function captureRefusal(role: MemberRole | undefined, need: CaptureNeed): CaptureRefusal | undefined {
  if (role === undefined) return 'not_a_member';
  if (need === 'read' || mayCaptureAs(role)) return undefined;
  return 'capture_role_required';
}
