/**
 * Who sees what of a protest. The organization's members (the committees) see everything; a
 * competitor sees in full the cases that concern her boat (protestor, protestee or party to the
 * hearing); anyone who may read the event sees the notice board: cases with a hearing scheduled or a
 * decision, without the incident description and never with contact details.
 */

export type ProtestView = 'full' | 'party' | 'notice';

export interface ProtestParties {
  protestorBoatId: string | null;
  protesteeBoatIds: readonly string[];
  hearingPartyBoatIds: readonly string[];
  hasHearing: boolean;
  decided: boolean;
  /** The user who lodged it (sees her own contact details). */
  lodgedByUserId: string | null;
}

export interface Viewer {
  member: boolean;
  userId: string | null;
  ownBoatIds: ReadonlySet<string>;
}

export function concernsBoats(protest: ProtestParties, boats: ReadonlySet<string>): boolean {
  if (boats.size === 0) return false;
  return (protest.protestorBoatId !== null && boats.has(protest.protestorBoatId)) || protest.protesteeBoatIds.some((b) => boats.has(b)) || protest.hearingPartyBoatIds.some((b) => boats.has(b));
}

/** The view a viewer gets of a protest, or null when it is not hers to see. */
export function viewOf(protest: ProtestParties, viewer: Viewer): ProtestView | null {
  if (viewer.member) return 'full';
  if (viewer.userId !== null && protest.lodgedByUserId === viewer.userId) return 'full';
  if (concernsBoats(protest, viewer.ownBoatIds)) return 'party';
  if (protest.hasHearing || protest.decided) return 'notice';
  return null;
}
