/**
 * A re-score a projection asks inside its unit of work (unit-of-work/fleet-change.ts) that must not
 * block the topic when it fails: the savepoint is taken inside the unit, after its locks and the copy
 * it wrote, before the re-score the unit runs at the end. When the re-score fails and `failed.keeps`
 * says the projection stands, the transaction goes back to the savepoint: the copy stays, the locks
 * stay held (taken before it), the scores stay as they were, and `failed.then` renders under those
 * locks what the copy changes. Any other failure goes to the consumer.
 */
import type { PoolClient } from '@regatta/db';
import type { FleetChange, RescoreRecord } from '../../results/app/unit-of-work/fleet-change.js';

export type AskRescore = (change: FleetChange, fleetId: string, record: RescoreRecord) => Promise<void>;

export async function rescoreKeepingCopy(
  client: PoolClient,
  unit: (askRescore: AskRescore) => Promise<void>,
  failed: { keeps(error: unknown): error is Error; then(error: Error): Promise<void> },
): Promise<void> {
  let asked = false;
  try {
    await unit(async (change, fleetId, record) => {
      // One savepoint for every fleet the unit asks (a moved entry's old and new fleet).
      if (!asked) await client.query('SAVEPOINT projection_rescore');
      asked = true;
      change.rescore(fleetId, record);
    });
  } catch (error) {
    if (!asked || !failed.keeps(error)) throw error;
    await client.query('ROLLBACK TO SAVEPOINT projection_rescore');
    await failed.then(error);
  }
}
