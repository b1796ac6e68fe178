/** Timestamps as the API writes them: ISO 8601 in UTC, null when unset. */
export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
