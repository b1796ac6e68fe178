/** Small readers shared by the projection use cases: facts carry '' for an absent proto string. */
export const orNull = (value: string | undefined | null): string | null => (value === undefined || value === null || value.trim() === '' ? null : value);

/** The name a boat is shown under when a fact gives none: its sail number, else a placeholder. */
export const boatNameOf = (entry: { boatName?: string; sailNumber?: string }): string => entry.boatName || orNull(entry.sailNumber) || 'Unnamed boat';
