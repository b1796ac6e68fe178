/**
 * A fleet's boat ids resolved to positions once.
 *
 * A series scores every race over the same boats; resolving ids per race
 * (a Map and a Set of ids per race, Map lookups per boat per race) was a large
 * share of scoreSeries' time, so the series resolves them once and the race
 * scorer works on positions.
 *
 * Ids are normally unique. When one repeats, every copy behaves as the engine
 * always has with id-keyed maps: all copies share the record of the first
 * (`canonical`) position, and the last copy's value wins where a map was
 * filled in boat order (`lastOf`).
 */
export interface FleetIndex {
  readonly ids: readonly string[];
  /** Id → its first position. */
  readonly byId: ReadonlyMap<string, number>;
  /** Position → first position with the same id; null when every id is unique (canonical = identity). */
  readonly canonical: Int32Array | null;
}

export function indexFleet(ids: readonly string[]): FleetIndex {
  const byId = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) if (!byId.has(ids[i]!)) byId.set(ids[i]!, i);
  let canonical: Int32Array | null = null;
  if (byId.size !== ids.length) {
    canonical = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i++) canonical[i] = byId.get(ids[i]!)!;
  }
  return { ids, byId, canonical };
}

/**
 * Per-position values folded onto canonical positions, the last copy winning
 * (what `new Map(boats.map(b => [b.id, value]))` gave). Returns the input when ids are unique.
 */
export function lastOf<T>(index: FleetIndex, values: readonly T[]): readonly T[] {
  const canon = index.canonical;
  if (canon === null) return values;
  const out = new Array<T>(values.length);
  for (let i = 0; i < values.length; i++) out[canon[i]!] = values[i]!;
  return out;
}
