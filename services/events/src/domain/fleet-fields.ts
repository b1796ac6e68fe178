/**
 * THE table of fleet fields PATCH /events/{slug}/fleets/{fleetId} may change: the API name and the
 * stored column(s) (which fleet.updated's `changedFields` names). The request schema is the creation
 * schema made partial (http/fleets.schemas.ts), so a new set-up option added to fleet creation is
 * accepted here too; fleet-fields.test.ts fails until the option has its line below.
 */
export const FLEET_FIELD_COLUMNS = {
  name: ['name'],
  classId: ['class_id'],
  description: ['description'],
  maxBoats: ['max_boats'],
  scoringSystem: ['scoring_system'],
  dropRaces: ['drop_races'],
  handicap: ['handicap_system', 'handicap_params'],
  penaltyBasis: ['penalty_basis'],
  discardThresholds: ['discard_thresholds'],
  // Engine options: one jsonb column each, null when unused.
  finishersPlus: ['finishers_plus'],
  proportionalDiscards: ['proportional_discards'],
  redress: ['redress'],
} as const satisfies Record<string, readonly string[]>;

export type FleetField = keyof typeof FLEET_FIELD_COLUMNS;

export function isFleetField(name: string): name is FleetField {
  return Object.hasOwn(FLEET_FIELD_COLUMNS, name);
}

/** Value equality of stored and requested values (arrays and objects by content, key order ignored). */
export function sameFleetValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
