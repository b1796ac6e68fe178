/**
 * Which boats the finish line expects, and matching a typed sail number. A boat is expected when its
 * fleet sails in the start and it has no finish recorded (a record taken back brings it back). Typed
 * sail numbers match by prefix, ignoring case, spaces and dashes ("GER 12" = "ger-12" = "GER12"); an
 * exact match comes first.
 */
export interface Boat {
  entryId: string;
  fleetId: string;
  sailNumber: string | null;
  boatName: string;
}

export function normalizeSail(text: string): string {
  return text.toUpperCase().replace(/[\s\-_/.]/g, '');
}

/** Boats of the start's fleets not finished, in sail number order (numeric parts compared as numbers). */
export function expectedBoats(boats: readonly Boat[], fleetIds: ReadonlySet<string>, finishedEntryIds: ReadonlySet<string>): Boat[] {
  return boats
    .filter((boat) => fleetIds.has(boat.fleetId) && !finishedEntryIds.has(boat.entryId))
    .sort((a, b) => (a.sailNumber ?? a.boatName).localeCompare(b.sailNumber ?? b.boatName, undefined, { numeric: true }));
}

/** Boats whose sail number starts with what was typed, an exact match first; nothing typed matches nothing. */
export function matchSail(boats: readonly Boat[], typed: string): Boat[] {
  const wanted = normalizeSail(typed);
  if (wanted === '') return [];
  const hits = boats.filter((boat) => boat.sailNumber !== null && normalizeSail(boat.sailNumber).startsWith(wanted));
  // Also the digits alone: "12" finds "GER 12" (a sail read from the water seldom shows its nation).
  const digits = boats.filter((boat) => boat.sailNumber !== null && !hits.includes(boat) && /^\d+$/.test(wanted) && normalizeSail(boat.sailNumber).replace(/^[A-Z]+/, '').startsWith(wanted));
  const all = [...hits, ...digits];
  const exact = all.filter((boat) => { const n = normalizeSail(boat.sailNumber!); return n === wanted || n.replace(/^[A-Z]+/, '') === wanted; });
  return [...exact, ...all.filter((boat) => !exact.includes(boat))];
}
