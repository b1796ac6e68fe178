/** A sailor's profile with the boats they own or have entered; an unknown sailor is 404. */
import { notFound } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { Boat } from '../domain/boats.js';
import { boatsOfSailor } from '../store/boats.js';
import type { Sailor } from '../domain/sailors.js';
import { findSailor } from '../store/sailors.js';

export async function getSailorProfile(context: ServiceContext, sailorId: string): Promise<{ sailor: Sailor; boats: Boat[] }> {
  const sailor = await findSailor(context.pool, sailorId);
  if (!sailor) throw notFound('Sailor');
  return { sailor, boats: await boatsOfSailor(context.pool, sailorId) };
}
