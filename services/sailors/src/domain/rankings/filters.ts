/**
 * List filters. Class matches the fleet's class (or the fleet's name when the fleet has no class),
 * case-insensitively. Age group, nationality and gender match what the organization recorded for the
 * sailor (sailor records): a sailor with nothing recorded for a filtered attribute is left out.
 * Age group 'U19' keeps sailors under 19 on 31 December of the reference year (the World Sailing
 * youth rule): reference year − birth year < 19.
 */
export const GENDERS = ['female', 'male', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const AGE_GROUP = /^U([1-9][0-9]?)$/;
/** Nationality: a three-letter code (World Sailing / IOC style, e.g. NOR, GBR). */
export const NATIONALITY = /^[A-Z]{3}$/;

export interface RankingFilters {
  class?: string | null;
  ageGroup?: string | null;
  nationality?: string | null;
  gender?: Gender | null;
}

export interface SailorAttributes {
  nationality: string | null;
  gender: Gender | null;
  birthYear: number | null;
}

/** The class filter names the fleet's class (its id) or the fleet (its name), case-insensitively. */
export function matchesClass(filters: RankingFilters, fleet: { classId: string | null; fleetName: string | null }): boolean {
  if (!filters.class) return true;
  const wanted = filters.class.trim().toLowerCase();
  return [fleet.classId, fleet.fleetName].some((value) => value !== null && value.trim().toLowerCase() === wanted);
}

export function matchesSailor(filters: RankingFilters, sailor: SailorAttributes, referenceYear: number): boolean {
  if (filters.nationality && sailor.nationality !== filters.nationality) return false;
  if (filters.gender && sailor.gender !== filters.gender) return false;
  if (filters.ageGroup) {
    const under = AGE_GROUP.exec(filters.ageGroup);
    if (!under || sailor.birthYear === null) return false;
    if (referenceYear - sailor.birthYear >= Number(under[1])) return false;
  }
  return true;
}
