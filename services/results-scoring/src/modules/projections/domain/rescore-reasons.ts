/**
 * The reasons a re-score records as a revision when something other than results changed (every change attributed):
 * a fleet's set-up (fleet.updated with setup_changed: a revision of every race with results), a race's
 * scoring fields (race.updated), a boat's rating or the entries (registration facts). Pure.
 */

/** Who changed a fleet's set-up, as fleet.updated says. */
export interface SetupChange {
  /** User id of whoever changed the set-up (null when unknown). */
  by: string | null;
  /** Their name, for the reason text. */
  byName: string | null;
  requestId: string | undefined;
}

/** "fleet set-up changed by Ann Lee" (else the user id, else "the race committee"). */
export function setupChangeReason(change: Pick<SetupChange, 'by' | 'byName'>): string {
  return `fleet set-up changed by ${change.byName || change.by || 'the race committee'}`;
}

/** race.updated's snake_case field names that change scoring, in the words the reason uses. */
const RACE_SCORING_FIELDS: Readonly<Record<string, string>> = {
  weight: 'weight',
  must_count: 'must-count',
  discard_first: 'discard-first',
  course_distance_nm: 'course distance',
};

/** "race 2 changed (weight, must-count)"; the changed fields that are not scoring ones are left out. */
export function raceChangeReason(raceNumber: number, changedFields: readonly string[]): string {
  const scoring = changedFields.filter((field) => field in RACE_SCORING_FIELDS).map((field) => RACE_SCORING_FIELDS[field]!);
  return scoring.length > 0 ? `race ${raceNumber} changed (${scoring.join(', ')})` : `race ${raceNumber} changed`;
}

/** registration.updated's changed fields of an organizer's boat correction, in the words the reason uses. */
const BOAT_CORRECTION_FIELDS: Readonly<Record<string, string>> = {
  'boat.name': 'name',
  'boat.sail_number': 'sail number',
  'boat.model': 'class',
};

/**
 * "rating of GBR 7 changed" for a rating change; "boat GBR 8 corrected (sail number, class)" for an
 * organizer's correction of the boat as entered (named as corrected); "entries changed (GBR 7 moved to
 * ILCA 6)" for an entry moved to another fleet (both fleets record it); otherwise "entries changed (GBR 7
 * cancelled)".
 */
export function registrationChangeReason(boat: { sailNumber: string | null; boatName: string }, status: string, changedFields: readonly string[], movedTo?: string): string {
  const name = boat.sailNumber || boat.boatName;
  if (movedTo !== undefined) return `entries changed (${name} moved to ${movedTo})`;
  if (changedFields.includes('rating_changes')) return `rating of ${name} changed`;
  const corrected = changedFields.filter((field) => field in BOAT_CORRECTION_FIELDS).map((field) => BOAT_CORRECTION_FIELDS[field]!);
  if (corrected.length > 0) return `boat ${name} corrected (${corrected.join(', ')})`;
  return `entries changed (${name} ${status})`;
}
