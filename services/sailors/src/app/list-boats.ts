/** The boat registry, searched by sail number (normalized) or by name/sail number text, a page at a time. */
import type { ServiceContext } from '@regatta/runtime';
import type { Boat } from '../domain/boats.js';
import { listBoats as selectBoats } from '../store/boats.js';

export interface BoatFilters {
  sailNumber?: string | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

export async function listBoats(context: ServiceContext, filters: BoatFilters): Promise<{ items: Boat[]; hasMore: boolean }> {
  return selectBoats(context.pool, filters);
}
