/** Output of the split-series routes (API field names). */
import type { SplitStandingsOutcome } from '../app/get-split-standings.js';
import type { SplitOutcome } from '../app/split-series.js';
import type { SplitSeriesDefinition } from '../domain/split-series-setup.js';

const definitionView = (d: SplitSeriesDefinition) => ({
  qualifyingFleets: d.qualifyingFleets,
  finalFleets: d.finalFleets,
  carry: d.carry,
  discardThresholds: d.discardThresholds,
  maxFinalDiscards: d.maxFinalDiscards,
  medal: d.medal,
});

export function splitSeriesView(out: { event: { slug: string }; definition: SplitSeriesDefinition; updatedAt: Date }) {
  return { data: { event: out.event.slug, ...definitionView(out.definition), updatedAt: out.updatedAt.toISOString() } };
}

export function splitView(out: SplitOutcome) {
  return {
    data: {
      event: out.event.slug,
      stage: out.stage,
      method: out.method,
      assignedAt: out.assignedAt.toISOString(),
      fleets: out.fleets.map((f) => ({
        fleetId: f.fleetId,
        boats: f.boats.map((b) => ({ boatId: b.boatId, boatName: b.boatName, sailNumber: b.sailNumber, rank: b.rank })),
      })),
    },
  };
}

export function splitStandingsView(out: SplitStandingsOutcome) {
  return {
    data: {
      event: out.event.slug,
      stage: out.stage,
      series: definitionView(out.definition),
      standings: out.rows.map((r) => ({
        rank: r.rank,
        boatId: r.boatId,
        boatName: r.boatName,
        sailNumber: r.sailNumber,
        fleetId: r.fleetId,
        fleetName: out.fleetNames.get(r.fleetId) ?? null,
        medal: r.medal,
        total: r.total,
        net: r.net,
        races: r.cells.map((c) => ({ stage: c.stage, race: c.n, points: c.points, code: c.code, dropped: c.dropped, discardable: c.discardable })),
      })),
    },
  };
}
