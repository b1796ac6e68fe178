/**
 * The order in which a unit of work queues the facts it collected (the outbox keeps it, and consumers
 * of one event's partition see it): the race started, its results, the race completed, the fleet's
 * standings, then the series' and the split series' standings built on them, the revisions that record
 * the change, and last the publication steps: the races published (posted, provisional), made official,
 * and results.published ("these races are official", the fact's historical name). Within one type, the
 * order the facts were collected in.
 */
import type { Fact } from '@regatta/contracts';

export const FACT_ORDER = [
  'race.started',
  'results.updated',
  'race.completed',
  'standings.updated',
  'series.standings.updated',
  'split.standings.updated',
  'results.revised',
  'results.posted',
  'results.official',
  'results.published',
] as const;

export type FleetChangeFactType = (typeof FACT_ORDER)[number];

const rank = new Map<string, number>(FACT_ORDER.map((type, i) => [type, i] as const));

export const isFleetChangeFact = (type: string): type is FleetChangeFactType => rank.has(type);

/** The facts in the declared order (stable within a type); a fact of a type not declared is a programming error. */
export function inDeclaredOrder(facts: readonly Fact[]): Fact[] {
  for (const fact of facts) if (!rank.has(fact.type)) throw new TypeError(`a unit of work does not publish ${fact.type}`);
  return facts
    .map((fact, i) => ({ fact, i }))
    .sort((a, b) => rank.get(a.fact.type)! - rank.get(b.fact.type)! || a.i - b.i)
    .map(({ fact }) => fact);
}
