/** The ratings of an entry: her registration's (boat.ratings) and the changes in force from a race on. */
import type { RegistrationDetailRow } from '../app/records.js';

export function ratingsJson(row: RegistrationDetailRow) {
  return {
    registrationId: row.id,
    boatId: row.boat_id,
    fleetId: row.fleet_id,
    ratings: row.boat_ratings,
    ratingChanges: (row.rating_changes ?? []).map((c) => ({ system: c.system, key: c.key, value: c.value, fromRace: c.fromRace, recordedAt: c.recordedAt })),
  };
}
