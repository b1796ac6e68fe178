/** One boat of the registry; an unknown boat is 404. */
import { notFound } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { Boat } from '../domain/boats.js';
import { findBoat } from '../store/boats.js';

export async function getBoat(context: ServiceContext, boatId: string): Promise<Boat> {
  const boat = await findBoat(context.pool, boatId);
  if (!boat) throw notFound('Boat');
  return boat;
}
