import type { Boat } from '../domain/boats.js';

/** A boat of the registry as the API shows it. */
export function boatView(boat: Boat) {
  return {
    id: boat.id,
    name: boat.name,
    sailNumber: boat.sailNumber,
    model: boat.model,
    ratings: boat.ratings,
    owner: boat.owner,
    updatedAt: boat.updatedAt.toISOString(),
  };
}
