/**
 * Advisory locks that serialise scoring (held until the transaction ends). Order, on every path: the
 * locks of the series containing the event (in id order), then fleet locks (in id order), then rows.
 */
import type { PoolClient } from '@regatta/db';

/** Serialises every scoring of one fleet (submissions, recomputes, renderings of its views). */
export async function lockFleet(client: PoolClient, fleetId: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`results-scoring:fleet:${fleetId}`]);
}

/** Takes the series' locks (in id order) for the rest of the transaction. */
export async function lockSeries(client: PoolClient, seriesIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(seriesIds)].sort()) {
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`results-scoring:series:${id}`]);
  }
}
