/**
 * The reconciled finish order of a race recorded by one or more recorders (devices or members on
 * the committee boat). Only records in force count (not replaced, not deleted). Per boat: the
 * earliest recorded time places it, the spread of the recorders' times is kept, and who saw it.
 *
 * Disagreements:
 * - `order_swapped`: two recorders have two boats in opposite order (by their own times);
 * - `seen_by_one`: with two or more recorders, a boat only one of them saw;
 * - `times_apart`: a boat's recorded times are further apart than the tolerance.
 * A boat agrees when every recorder saw it, within the tolerance, and no swap names it.
 * Unidentified boats are listed apart (`unknowns`) until a record resolves them.
 */
import type { FinishRecord, WaterCode } from './records.js';
import { sailKey } from './records.js';

export type ReconcilableRecord = Pick<FinishRecord, 'id' | 'kind' | 'sailNumber' | 'registrationId' | 'code' | 'at' | 'supersededBy'> & {
  recorder: { id: string };
};

export interface PlacedBoat {
  position: number;
  sailNumber: string;
  registrationId: string | null;
  at: Date;
  spreadMs: number;
  seenBy: string[];
  agreed: boolean;
}

export interface Disagreement {
  kind: 'order_swapped' | 'seen_by_one' | 'times_apart';
  sailNumbers: string[];
  recorders: string[];
  detail: string;
}

export interface Reconciliation {
  toleranceMs: number;
  recorders: string[];
  order: PlacedBoat[];
  disagreements: Disagreement[];
  unknowns: Array<{ recordId: string; at: Date; recorder: string }>;
  codes: Array<{ sailNumber: string; code: WaterCode; recorders: string[] }>;
}

export const DEFAULT_TOLERANCE_MS = 2_000;

interface BoatTimes {
  sailNumber: string;
  registrationId: string | null;
  /** recorder id -> the earliest time that recorder recorded for the boat (ms). */
  times: Map<string, number>;
}

export function reconcile(records: readonly ReconcilableRecord[], toleranceMs: number = DEFAULT_TOLERANCE_MS): Reconciliation {
  const inForce = records.filter((record) => record.supersededBy === null && record.kind !== 'deletion');
  const recorders = [...new Set(inForce.filter((record) => record.kind === 'finish').map((record) => record.recorder.id))].sort();
  const boats = new Map<string, BoatTimes>();
  const unknowns: Reconciliation['unknowns'] = [];
  const codes = new Map<string, { sailNumber: string; code: WaterCode; recorders: Set<string> }>();

  for (const record of inForce) {
    if (record.kind === 'code') {
      if (record.sailNumber === null || record.code === null) continue;
      const key = `${sailKey(record.sailNumber)} ${record.code}`;
      const entry = codes.get(key) ?? { sailNumber: record.sailNumber, code: record.code, recorders: new Set<string>() };
      entry.recorders.add(record.recorder.id);
      codes.set(key, entry);
      continue;
    }
    if (record.at === null) continue;
    if (record.sailNumber === null) {
      unknowns.push({ recordId: record.id, at: record.at, recorder: record.recorder.id });
      continue;
    }
    const key = sailKey(record.sailNumber);
    const boat = boats.get(key) ?? { sailNumber: record.sailNumber, registrationId: record.registrationId, times: new Map<string, number>() };
    const earlier = boat.times.get(record.recorder.id);
    const time = record.at.getTime();
    if (earlier === undefined || time < earlier) boat.times.set(record.recorder.id, time);
    boats.set(key, boat);
  }

  const disagreements: Disagreement[] = [];
  const flagged = new Set<string>();
  const list = [...boats.values()];

  // Swaps: every pair of boats both recorders saw, in opposite order.
  for (let i = 0; i < recorders.length; i++) {
    for (let j = i + 1; j < recorders.length; j++) {
      const [first, second] = [recorders[i]!, recorders[j]!];
      const both = list.filter((boat) => boat.times.has(first) && boat.times.has(second));
      for (let a = 0; a < both.length; a++) {
        for (let b = a + 1; b < both.length; b++) {
          const [x, y] = [both[a]!, both[b]!];
          const byFirst = Math.sign(x.times.get(first)! - y.times.get(first)!);
          const bySecond = Math.sign(x.times.get(second)! - y.times.get(second)!);
          if (byFirst !== 0 && bySecond !== 0 && byFirst !== bySecond) {
            // Named in the reconciled order (earliest recorded time first).
            const earliest = (boat: BoatTimes) => Math.min(...boat.times.values());
            const [ahead, behind] = earliest(x) <= earliest(y) ? [x, y] : [y, x];
            const [sees, other] = Math.sign(ahead.times.get(first)! - behind.times.get(first)!) < 0 ? [first, second] : [second, first];
            disagreements.push({
              kind: 'order_swapped',
              sailNumbers: [ahead.sailNumber, behind.sailNumber],
              recorders: [first, second],
              detail: `${sees} has ${ahead.sailNumber} before ${behind.sailNumber}; ${other} the other way round.`,
            });
            flagged.add(sailKey(x.sailNumber)).add(sailKey(y.sailNumber));
          }
        }
      }
    }
  }

  for (const boat of list) {
    const seenBy = [...boat.times.keys()].sort();
    if (recorders.length >= 2 && seenBy.length === 1) {
      disagreements.push({ kind: 'seen_by_one', sailNumbers: [boat.sailNumber], recorders: seenBy, detail: `Only ${seenBy[0]} recorded ${boat.sailNumber}.` });
    }
    const times = [...boat.times.values()];
    const spread = Math.max(...times) - Math.min(...times);
    if (spread > toleranceMs) {
      disagreements.push({
        kind: 'times_apart',
        sailNumbers: [boat.sailNumber],
        recorders: seenBy,
        detail: `The times of ${boat.sailNumber} are ${spread} ms apart (more than ${toleranceMs} ms).`,
      });
    }
  }

  const order = list
    .map((boat) => {
      const times = [...boat.times.values()];
      const earliest = Math.min(...times);
      const spreadMs = Math.max(...times) - earliest;
      const seenBy = [...boat.times.keys()].sort();
      const agreed = seenBy.length === recorders.length && spreadMs <= toleranceMs && !flagged.has(sailKey(boat.sailNumber));
      return { sailNumber: boat.sailNumber, registrationId: boat.registrationId, at: new Date(earliest), spreadMs, seenBy, agreed };
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime() || sailKey(a.sailNumber).localeCompare(sailKey(b.sailNumber)))
    .map((boat, index) => ({ position: index + 1, ...boat }));

  return {
    toleranceMs,
    recorders,
    order,
    disagreements,
    unknowns: unknowns.sort((a, b) => a.at.getTime() - b.at.getTime()),
    codes: [...codes.values()].map((entry) => ({ sailNumber: entry.sailNumber, code: entry.code, recorders: [...entry.recorders].sort() })),
  };
}
