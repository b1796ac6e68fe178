/**
 * GET split-standings: the split series scored from the stored results at the time of the request, per
 * stage: `qualifying` (the qualifying races only), `final` (the opening series, qualifying and final
 * races under the carry mode, ranked inside each final fleet), `medal` (the medal fleet after the medal
 * race) or `overall` (every boat: medal fleet first, then each final fleet in order). A9 redress is
 * averaged over the races the stage covers.
 */
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { SplitStanding } from '@regatta/scoring-engine';
import { scoreSplit } from '../domain/split-scoring.js';
import type { SplitSeriesDefinition } from '../domain/split-series-setup.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { listFleets } from '../../shared/store/projections/fleets.js';
import { getSplitDefinition } from '../store/split-series.js';
import { visibleEvent } from '../../shared/app/find-event.js';
import { loadSplit, type BoatLabel } from './split-input.js';

export type SplitStandingsStage = 'overall' | 'qualifying' | 'final' | 'medal';

export interface SplitStandingsRow extends SplitStanding, BoatLabel {
  /** The fleet the boat is ranked in at this stage (final fleet once split, else her qualifying fleet). */
  fleetId: string;
}

export interface SplitStandingsOutcome {
  event: EventProjection;
  stage: SplitStandingsStage;
  definition: SplitSeriesDefinition;
  fleetNames: Map<string, string>;
  rows: SplitStandingsRow[];
}

export async function getSplitStandings(context: ServiceContext, identity: Identity, slug: string, stage: SplitStandingsStage): Promise<SplitStandingsOutcome> {
  const event = await visibleEvent(context, identity, slug);
  const stored = await getSplitDefinition(context.pool, event.id);
  if (!stored) throw notFound('Split series');
  const { definition } = stored;
  const loaded = await loadSplit(context.pool, event.id, definition);
  const { input } = loaded;
  if ((stage === 'final' && !input.final) || (stage === 'medal' && !input.medal)) {
    throw problem('split_stage_not_ready', `The ${stage} fleets have not been split yet.`);
  }
  const scoped = stage === 'qualifying' ? { ...input, final: null, medal: null } : stage === 'final' ? { ...input, medal: null } : input;
  const { result } = scoreSplit(scoped);
  const qualifyingFleet = new Map(Object.entries(input.qualifying).flatMap(([f, boats]) => boats.map((b) => [b, f] as const)));
  let rows: SplitStandingsRow[] = result.standings.map((s) => ({
    ...s,
    fleetId: s.finalFleet ?? qualifyingFleet.get(s.boatId)!,
    ...(loaded.labels.get(s.boatId) ?? { boatName: s.boatId, sailNumber: null }),
  }));
  if (stage === 'medal') rows = rows.filter((r) => r.medal === true);
  if (stage === 'final') {
    // Ranked inside each final fleet.
    const seen = new Map<string, number>();
    rows = rows.map((r) => {
      const n = (seen.get(r.fleetId) ?? 0) + 1;
      seen.set(r.fleetId, n);
      return { ...r, rank: n };
    });
  }
  const fleetNames = new Map((await listFleets(context.pool, event.id)).map((f) => [f.id, f.name] as const));
  return { event, stage, definition, fleetNames, rows };
}
