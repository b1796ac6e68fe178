/** Reading the kept capture context: a race's name with its fleet, and the boats of a start. */
import type { Boat } from './domain/boats';
import type { CaptureContext, StoredStart } from './store/db';

export type Context = CaptureContext;

export function raceLabel(context: Context, raceId: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  const race = context.races.find((r) => r.id === raceId);
  if (!race) return raceId;
  const fleet = context.fleets.find((f) => f.id === race.fleetId);
  return t('raceOfFleet', { race: race.name, fleet: fleet?.name ?? '' });
}

/** The fleets sailing in the start, each with its race of this start. */
export function raceOfFleet(context: Context, start: StoredStart): Map<string, string> {
  const map = new Map<string, string>();
  for (const id of start.raceIds) {
    const race = context.races.find((r) => r.id === id);
    if (race) map.set(race.fleetId, race.id);
  }
  return map;
}

export function boatsOf(context: Context, start: StoredStart): Boat[] {
  const fleets = raceOfFleet(context, start);
  return context.entries
    .filter((entry) => fleets.has(entry.fleetId))
    .map((entry) => ({ entryId: entry.registrationId, fleetId: entry.fleetId, sailNumber: entry.sailNumber, boatName: entry.boatName ?? '' }));
}

/** Starts recorded by other recorders (the context's races in a start in force), one per start id. */
export function startsOfOthers(context: Context): Array<{ startId: string; raceIds: string[]; startAt: string }> {
  const byId = new Map<string, { startId: string; raceIds: string[]; startAt: string }>();
  for (const race of context.races) {
    const { startId, startAt, status } = race.start;
    if (!startId || !startAt || status !== 'started') continue;
    const known = byId.get(startId) ?? { startId, raceIds: [], startAt };
    known.raceIds.push(race.id);
    byId.set(startId, known);
  }
  return [...byId.values()];
}
