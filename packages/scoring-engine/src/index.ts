/**
 * @regatta/scoring-engine — the scoring engine (pure TypeScript, no I/O, imports no service).
 * Rules: Racing Rules of Sailing 2025–2028, Appendix A. See docs/scoring.md.
 *
 * The engine's stable API. results-scoring reaches it through the adapters in its domain/: fleet-setup.ts
 * (a fleet's set-up → FleetConfig), race-entries.ts and fleet-scoring.ts (stored entries → scores and a
 * standings snapshot), multi-event-series.ts (series across events), submission.ts (entry checks),
 * public-views.ts (the documented response shapes). The oracle conformance runner
 * (scripts/conformance.ts, `npm run conformance:scoring`) scores the reference corpus with it.
 *
 *   scoreRace(input: RaceScoringInput): RaceScore
 *     One race of one fleet: finishing order or corrected times (HandicapSystem),
 *     scoring codes, A7 ties, 44.3(c) penalties → points per boat. A9 averages
 *     are left null (they need the series).
 *
 *   scoreSeries(input: SeriesInput): SeriesStandings
 *     One fleet over a series: FleetConfig (scoring system low_point | high_point
 *     | pursuit, handicap system + parameters, discard schedule or dropRaces,
 *     penalty basis A5.2 | A5.3 | A5.3_incl_dnc), boats (id, rating), races
 *     (number, weight, discard policy, start, distance, entries). Output per boat:
 *     rank, total, net and per race {points, code, dropped, nonDiscardable,
 *     excluded, elapsedSeconds, correctedSeconds, position, ratingApplied,
 *     newRating}; progressive handicaps (NHC, ECHO) are chained race to race.
 *
 *   scoreSplitSeries(input: SplitSeriesInput): SplitSeriesResult (./split-fleets.ts)
 *     Qualifying / final split fleets with an optional medal race. results-scoring reaches it through
 *     its domain/split-scoring.ts (stored results → finishing sheets, A9 redress averaged across both
 *     stages; routes in http/split.routes.ts).
 *
 * Several fleets in one series: call scoreSeries once per fleet with that
 * fleet's boats (entries of other fleets left out). A sub-series is the same
 * call over the block's races (with `excludeDncOnlyBoats` for "entrants per
 * block"); to continue a progressive chain, pass the ratings carried out of the
 * earlier races (`finalRatings`) as the boats' `rating`, keeping `baseRating`.
 */
export * from './codes.js';
export * from './numbers.js';
export * from './handicap.js';
export * from './progressive.js';
export * from './race-scoring.js';
export * from './series-scoring.js';
export * from './split-fleets.js';
