/**
 * Lodging a protest, request for redress, request to reopen or scoring inquiry (RRS 61, 62, 66): what
 * the form must name for its type, who may lodge it, and whether it came within the time limit.
 * A late one is marked, never refused: the protest committee may extend the limit for good reason
 * (rule 61.3), so it is the committee's call, not the software's.
 */
import { COMMITTEE_TYPES, NEEDS_PROTESTEE, NEEDS_PROTESTOR_BOAT, type ProtestType, type ProtestorParty } from '@regatta/contracts';

export interface LodgingForm {
  type: ProtestType;
  raceIds: string[];
  /** The boat that lodges it (absent when a committee lodges). */
  protestorBoatId: string | null;
  protesteeBoatIds: string[];
}

export interface LodgingRefusal {
  code: 'validation_failed' | 'not_a_member' | 'not_your_boat';
  detail: string;
  field: string;
}

/** Who is lodging: a member of the organization (the race or protest committee), or a competitor with her boats. */
export type Lodger = { kind: 'committee' } | { kind: 'competitor'; ownBoatIds: ReadonlySet<string> };

/** The form's own consistency, whoever lodges it. */
export function formRefusal(form: LodgingForm): LodgingRefusal | undefined {
  if (NEEDS_PROTESTOR_BOAT.includes(form.type) && !form.protestorBoatId) return invalid('protestorBoat', `a ${form.type} protest is lodged by a boat: name her`);
  if (NEEDS_PROTESTEE.includes(form.type) && form.protesteeBoatIds.length === 0) return invalid('protesteeBoats', 'a protest names the boat(s) protested (rule 61.2(a))');
  if (form.protestorBoatId && form.protesteeBoatIds.includes(form.protestorBoatId)) return invalid('protesteeBoats', 'a boat cannot protest herself');
  if (COMMITTEE_TYPES.includes(form.type) && form.protestorBoatId) return invalid('protestorBoat', 'a committee protest has no protestor boat');
  return undefined;
}

/** Committee types need a member of the organization; a competitor lodges only for her own boat. */
export function lodgerRefusal(form: LodgingForm, lodger: Lodger): LodgingRefusal | undefined {
  if (lodger.kind === 'committee') return undefined;
  if (COMMITTEE_TYPES.includes(form.type)) return { code: 'not_a_member', detail: 'Only the race or protest committee (members of the organization running the event) lodge a committee protest.', field: 'type' };
  if (!form.protestorBoatId) return invalid('protestorBoat', 'name the boat you lodge it for');
  if (!lodger.ownBoatIds.has(form.protestorBoatId)) {
    return { code: 'not_your_boat', detail: `Boat ${form.protestorBoatId} is not registered to you in this event; a competitor lodges only for her own boat.`, field: 'protestorBoat' };
  }
  return undefined;
}

/** The party a protest comes from: the boat, else the committee its type names (a redress or inquiry by the committee: the race committee). */
export function protestorPartyOf(form: LodgingForm): ProtestorParty {
  if (form.protestorBoatId) return 'boat';
  return form.type === 'protest_committee' ? 'protest_committee' : 'race_committee';
}

/** Late when lodged after the time limit; no limit known yet (results not in) is never late. */
export function isLate(lodgedAt: Date, deadline: Date | null): boolean {
  return deadline !== null && lodgedAt.getTime() > deadline.getTime();
}

const invalid = (field: string, detail: string): LodgingRefusal => ({ code: 'validation_failed', detail, field });
