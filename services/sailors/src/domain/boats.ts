/**
 * Sail numbers are matched ignoring case, spaces and punctuation: "USA 123", "usa-123" and "USA123"
 * are the same sail. The SQL index and query use the same normalization
 * (upper(regexp_replace(sail_number, '[^A-Za-z0-9]', '', 'g'))).
 */
export function normalizeSailNumber(sailNumber: string): string {
  return sailNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined | null): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Ratings keep only finite numbers (a map<string, double> from the registration fact). */
export function cleanRatings(ratings: Record<string, number>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [system, value] of Object.entries(ratings).sort(([a], [b]) => a.localeCompare(b))) {
    if (system.length > 0 && Number.isFinite(value)) result[system] = value;
  }
  return result;
}

/** A boat of the registry, with its owner's name where the owner is known. */
export interface Boat {
  id: string;
  name: string;
  sailNumber: string | null;
  model: string | null;
  ratings: Record<string, number>;
  owner: { id: string; name: string | null } | null;
  updatedAt: Date;
}
