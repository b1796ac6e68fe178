/** The one lock every write of the shared sailor and boat rows takes first. */
import type { Queryable } from '@regatta/db';

/**
 * Sailors and boats are shared by every regatta, so the consumers' chunk transactions (up to 100
 * facts, several partitions and topics applied side by side) met on the same rows in different
 * orders and deadlocked ("deadlock detected" in noteSailor, each costing a second and a retry).
 * No order can be imposed across the facts of a chunk, so every write to these two tables first
 * takes one transaction-level advisory lock: writers of shared rows take turns (until their commit),
 * and a transaction waiting for it holds no sailor or boat row, so no cycle can form. Writes that
 * would change nothing are skipped without any lock (the common case once profiles exist).
 */
const PROFILES_LOCK = 'sailors.profiles';

export async function lockProfiles(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [PROFILES_LOCK]);
}
