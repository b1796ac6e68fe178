/**
 * The boat of a registration: an existing boat by id (the sailor's, the submitter's, or any boat for
 * organizers), the sailor's boat with the same sail number, or a new one. Ratings given with the entry
 * are checked for range and taken over the boat's stored ratings (domain/entry-ratings.ts): that is
 * the entry's own copy, which the fleet's system must find its rating in; the boat's record keeps the
 * same newest ratings as the default for her next entries.
 */
import { randomUUID } from 'node:crypto';
import type { RatingKey } from '@regatta/contracts';
import type { PoolClient, Queryable } from '@regatta/db';
import { problem } from '@regatta/http';
import { entryRatings, type Ratings } from '../domain/entry-ratings.js';
import { sailKey } from '../domain/events.js';
import { missingRating, ratingProblems } from '../domain/handicap.js';
import { boatById, boatOfOwnerBySail, insertBoat, updateBoat } from '../store/boats.js';
import type { BoatRow, FleetRow } from '../store/rows.js';

type GivenRatings = Partial<Record<RatingKey, number | undefined>>;
export type BoatRef =
  | { id: string; ratings?: GivenRatings | undefined }
  | { name: string; sailNumber?: string | null | undefined; model?: string | null | undefined; ratings?: GivenRatings | undefined };

/** A boat as the entry states it, before the transaction writes it. */
export interface EntryBoat {
  ref: BoatRef;
  existing: BoatRow | undefined;
  /** Ratings given with the entry (undefined values dropped). */
  given: Ratings;
}

/** The boat as written for the entry, and the entry's own ratings (what its regatta scores her by). */
export interface SavedEntryBoat {
  boat: BoatRow;
  ratings: Ratings;
}

/** 400 invalid_rating when a given rating is outside its system's plausible range. */
export function checkRatingRanges(ref: BoatRef): void {
  const problems = ratingProblems(ref.ratings ?? {});
  if (problems.length > 0) throw problem('invalid_rating', 'A rating is out of range.', { errors: problems });
}

export async function entryBoat(db: Queryable, ref: BoatRef, owners: { sailor: string; submitter: string; organizer: boolean }): Promise<EntryBoat> {
  let existing: BoatRow | undefined;
  if ('id' in ref) {
    existing = await boatById(db, ref.id);
    const mayUse = existing && (existing.owner_user_id === owners.sailor || existing.owner_user_id === owners.submitter || owners.organizer);
    if (!existing || !mayUse) throw problem('unknown_boat', `No boat ${ref.id} is known for this sailor.`, { errors: [{ field: 'boat.id', message: 'no such boat' }] });
  } else {
    const key = sailKey(ref.sailNumber);
    if (key) existing = await boatOfOwnerBySail(db, owners.sailor, key);
  }
  const given = entryRatings({}, ref.ratings ?? {});
  return { ref, existing, given };
}

/** 400 missing_rating when the entry's ratings (stored ratings with those given over them) lack what the fleet's system needs. */
export function checkFleetRating(fleet: FleetRow, boat: EntryBoat): void {
  checkRatingsFor(fleet, entryRatings(boat.existing?.ratings ?? {}, boat.given));
}

/** 400 missing_rating when these ratings (an entry's own) lack what the fleet's system needs. */
export function checkRatingsFor(fleet: FleetRow, ratings: Ratings): void {
  const missing = missingRating(fleet.handicap_system, ratings);
  if (missing)
    throw problem('missing_rating', `Fleet ${fleet.name} is scored with ${fleet.handicap_system}; the boat needs boat.ratings.${missing.key} (${missing.meaning}).`, {
      errors: [{ field: `boat.ratings.${missing.key}`, message: `required by ${fleet.handicap_system}: ${missing.meaning}` }],
      extensions: { rating: missing.key },
    });
}

/**
 * Writes the boat inside the registration's transaction (new, updated with what the entry states, or
 * as it is) and gives the entry its ratings: the boat's ratings as written with those given over them.
 */
export async function saveEntryBoat(client: PoolClient, boat: EntryBoat, ownerUserId: string): Promise<SavedEntryBoat> {
  const saved = await writeBoat(client, boat, ownerUserId);
  return { boat: saved, ratings: entryRatings(saved.ratings, boat.given) };
}

async function writeBoat(client: PoolClient, boat: EntryBoat, ownerUserId: string): Promise<BoatRow> {
  const { ref, existing, given } = boat;
  if (existing) {
    if ('id' in ref) return Object.keys(given).length > 0 ? updateBoat(client, existing.id, { ratings: given }) : existing;
    return updateBoat(client, existing.id, { name: ref.name, model: ref.model ?? null, ratings: given });
  }
  if ('id' in ref) throw new Error('unreachable: boat id resolved above');
  return insertBoat(client, { id: randomUUID(), owner_user_id: ownerUserId, name: ref.name, sail_number: ref.sailNumber ?? null, model: ref.model ?? null, ratings: given });
}
