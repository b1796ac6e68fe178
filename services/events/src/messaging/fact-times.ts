/** Protobuf timestamps of facts as Dates. */
import { timestampDate, type Fact } from '@regatta/contracts';

export const dateOf = (value: { seconds: bigint; nanos: number } | undefined): Date | null => (value ? timestampDate(value as never) : null);

/** When the fact happened (its producer's clock), or now for a fact without one. */
export function occurredAt(fact: Fact): Date {
  return dateOf(fact.occurredAt) ?? new Date();
}
