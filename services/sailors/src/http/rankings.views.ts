/** Output of the rankings routes (API field names; points as numbers with 2 decimals). */
import type { ContributingResult, RankingEntry } from '../domain/rankings/compute.js';
import type { RankingList } from '../domain/rankings/lists.js';
import type { Edition, EventFactor, RankingComputation } from '../app/compute-ranking.js';

const day = (date: Date) => date.toISOString().slice(0, 10);

export const organizationRef = (org: { id: string; slug: string; name: string }) => ({ id: org.id, slug: org.slug, name: org.name });

export function listSummary(list: RankingList) {
  return {
    id: list.id,
    organizationId: list.organizationId,
    name: list.name,
    formula: list.formula.kind === 'best_n'
      ? { kind: 'best_n', n: list.formula.n, placePoints: list.formula.placePoints, windowMonths: list.formula.windowMonths }
      : { kind: 'all', placePoints: list.formula.placePoints, windowMonths: list.formula.windowMonths },
    filters: {
      class: list.filters.class ?? null,
      ageGroup: list.filters.ageGroup ?? null,
      nationality: list.filters.nationality ?? null,
      gender: list.filters.gender ?? null,
    },
    defaultFactor: list.defaultFactor,
    visibility: list.visibility,
    createdAt: list.createdAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}

const factorView = (factor: EventFactor) => ({ event: { id: factor.eventId, slug: factor.eventSlug, name: factor.eventName }, factor: factor.factor });

export const editionView = (edition: Edition | null) =>
  edition ? { edition: edition.edition, asOf: day(edition.asOf), publishedAt: edition.publishedAt.toISOString() } : null;

export function resultView(result: ContributingResult) {
  return {
    event: { id: result.eventId, slug: result.eventSlug, name: result.eventName },
    date: day(result.date),
    fleet: { id: result.fleetId, name: result.fleetName },
    place: result.place,
    fleetSize: result.fleetSize,
    factor: result.factor,
    points: result.points,
    counted: result.counted,
  };
}

export function entryView(entry: RankingEntry) {
  return {
    rank: entry.rank,
    sailor: { id: entry.sailorId, name: entry.sailorName },
    points: entry.points,
    countedResults: entry.countedResults,
    results: entry.results.filter((result) => result.counted).map(resultView),
  };
}

export function rankingView(
  org: { id: string; slug: string; name: string },
  list: RankingList,
  computation: RankingComputation,
  latest: Edition | null,
  page: { limit: number; offset: number },
) {
  return {
    ...listSummary(list),
    organization: organizationRef(org),
    asOf: day(computation.asOf),
    factors: computation.factors.map(factorView),
    latestEdition: editionView(latest),
    entries: computation.entries.slice(page.offset, page.offset + page.limit).map(entryView),
    limit: page.limit,
    offset: page.offset,
    count: computation.entries.length,
  };
}

export function sailorEntryView(
  list: RankingList,
  asOf: Date,
  sailorId: string,
  entry: RankingEntry | null,
  history: ReadonlyArray<{ edition: number; publishedAt: Date; asOf: Date; rank: number | null; points: number | null; sailors: number; sailorName?: string | null }>,
) {
  // Ranked only in earlier editions: the name those editions stored (the latest one).
  const storedName = [...history].reverse().find((line) => line.sailorName)?.sailorName ?? null;
  return {
    list: { id: list.id, name: list.name },
    asOf: day(asOf),
    sailor: { id: sailorId, name: entry?.sailorName ?? storedName },
    rank: entry?.rank ?? null,
    points: entry?.points ?? null,
    countedResults: entry?.countedResults ?? 0,
    results: entry?.results.map(resultView) ?? [],
    history: history.map((line) => ({
      edition: line.edition,
      publishedAt: line.publishedAt.toISOString(),
      asOf: day(line.asOf),
      rank: line.rank,
      points: line.points,
      sailors: line.sailors,
    })),
  };
}
