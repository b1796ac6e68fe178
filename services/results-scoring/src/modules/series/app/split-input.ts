/**
 * Loads what split-series scoring needs for one event: its definition, the qualifying entries, the
 * splits made so far and the stored results of every race of the series' fleets (abandoned races left
 * out). Results of a boat that is not a member of the fleet at that stage are left out of its sheet.
 */
import type { Queryable } from '@regatta/db';
import type { SplitRaceResults, SplitScoringInput } from '../domain/split-scoring.js';
import type { SplitSeriesDefinition } from '../domain/split-series-setup.js';
import type { SplitStage } from '@regatta/scoring-engine';
import { redressMethodOf } from '../../shared/domain/race-entries.js';
import { findFleet, listFleetRaces } from '../../shared/store/projections/fleets.js';
import { fleetResults } from '../../results/store/results.js';
import { getSplits, qualifyingEntries, type StoredSplit } from '../store/split-series.js';

export interface BoatLabel {
  boatName: string;
  sailNumber: string | null;
}

export interface LoadedSplit {
  input: SplitScoringInput;
  labels: Map<string, BoatLabel>;
  splits: StoredSplit[];
}

async function racesOf(q: Queryable, stage: SplitStage, fleets: Readonly<Record<string, readonly string[]>>): Promise<SplitRaceResults[]> {
  const out: SplitRaceResults[] = [];
  for (const [fleetId, members] of Object.entries(fleets)) {
    const inFleet = new Set(members);
    const [fleet, races, results] = await Promise.all([findFleet(q, fleetId), listFleetRaces(q, fleetId), fleetResults(q, fleetId)]);
    for (const race of races) {
      if (race.status === 'abandoned') continue;
      // Redress given without a method takes the fleet's current default.
      const rows = (results.get(race.id) ?? [])
        .filter((r) => inFleet.has(r.boatId))
        .map((r) => (r.code?.toUpperCase() === 'RDG' ? { ...r, redressMethod: redressMethodOf(fleet ?? {}, r) } : r));
      if (rows.length > 0) out.push({ stage, fleetId, number: race.number, rows });
    }
  }
  return out;
}

export async function loadSplit(q: Queryable, eventId: string, definition: SplitSeriesDefinition): Promise<LoadedSplit> {
  const entries = await qualifyingEntries(q, definition.qualifyingFleets);
  const qualifying: Record<string, string[]> = Object.fromEntries(definition.qualifyingFleets.map((f) => [f, [] as string[]]));
  for (const e of entries) qualifying[e.fleetId]!.push(e.boatId);
  const labels = new Map(entries.map((e) => [e.boatId, { boatName: e.boatName, sailNumber: e.sailNumber }] as const));
  const splits = await getSplits(q, eventId);
  const finalSplit = splits.find((s) => s.stage === 'final');
  const medalSplit = splits.find((s) => s.stage === 'medal');
  const final = finalSplit ? Object.fromEntries(definition.finalFleets.map((f) => [f, finalSplit.fleets[f] ?? []])) : null;
  const medal = medalSplit && definition.medal ? (medalSplit.fleets[definition.medal.fleetId] ?? []) : null;
  const races = [
    ...(await racesOf(q, 'qualifying', qualifying)),
    ...(final ? await racesOf(q, 'final', final) : []),
    ...(medal && definition.medal ? await racesOf(q, 'medal', { [definition.medal.fleetId]: medal }) : []),
  ];
  return { input: { definition, boats: entries.map((e) => e.boatId), qualifying, final, medal, races }, labels, splits };
}

