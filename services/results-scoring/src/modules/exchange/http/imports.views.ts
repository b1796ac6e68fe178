/** The import's answer: the draft event with its links, parity per fleet, counts and warnings. */
import type { ImportOutcome } from '../app/import-sailwave.js';

const day = (d: Date) => d.toISOString().slice(0, 10);

export function importView(outcome: ImportOutcome) {
  const { event } = outcome;
  const base = `/api/v1/events/${event.slug}`;
  return {
    id: outcome.importId,
    source: 'sailwave',
    fileName: outcome.fileName,
    fileSha256: outcome.fileSha256,
    organization: outcome.organization,
    event: {
      id: event.id,
      slug: event.slug,
      name: event.name,
      status: event.status,
      startDate: day(event.startDate),
      endDate: day(event.endDate),
      links: { self: base, results: `${base}/results`, standings: `${base}/standings`, registrations: `${base}/registrations` },
    },
    counts: outcome.counts,
    parity: {
      compared: outcome.projected ? 'stored' : 'draft',
      fleets: outcome.fleets.map((f) => ({
        fleetId: f.fleetId,
        fleet: f.fleet,
        boats: f.boats,
        matching: f.matching,
        compared: f.compared,
        racePointsCompared: f.racePointsCompared,
        representable: f.representable,
        exact: f.exact,
        category: f.category,
        rulesDifferences: f.rulesDifferences.map((d) => ({
          boatId: d.boatId,
          sailNumber: d.sailNumber,
          boatName: d.boatName,
          race: d.race,
          sailwave: d.sailwave,
          rules: d.rules,
          rule: d.rule,
          reason: d.reason,
        })),
        differences: f.differences.map((d) => ({
          boatId: d.boatId,
          sailNumber: d.sailNumber,
          boatName: d.boatName,
          sailwave: d.sailwave,
          platform: d.platform,
          races: d.races,
        })),
      })),
    },
    warnings: outcome.warnings.map((w) => ({
      setting: w.setting,
      message: w.message,
      affectsScores: w.affectsScores,
      fleet: w.fleet ?? null,
      line: w.line ?? null,
    })),
  };
}
