/**
 * Applies one fact to the public read model (in the consumer's transaction) and, for the changes
 * spectators follow, appends the live-feed message in the same transaction: a message is never sent
 * for a change that did not commit, and never lost for one that did.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { liveData, liveMeta, publicRaceProgress } from '../domain/live-data.js';
import { entryOrderOf, publicDocument, publicEntry, publicEvent, publicFleet, publicOrganization, publicRace, publicRaceResults, publicStandings } from '../domain/snapshots.js';
import { appendLive, lockReadModel } from '../store/projections/changes.js';
import { upsertDocument, upsertEvent, upsertFleet, upsertRace, upsertSeries } from '../store/projections/events.js';
import { upsertOrganization } from '../store/projections/organizations.js';
import { removeDocument, removeEvent, removeFleet, removeRace, removeSeries } from '../store/projections/removals.js';
import { upsertBoat, upsertEntry } from '../store/projections/registrations.js';
import { markOfficial, recordRaceProgress, saveSeriesStandings, upsertRaceResults, upsertStandings } from '../store/projections/results.js';
import { projectProtest } from './project-protest.js';

const occurredAt = (fact: Fact) => (fact.occurredAt ? timestampDate(fact.occurredAt) : new Date());

/** The topics that carry something public (identity's facts do not). */
export const PUBLIC_TOPICS = [TOPICS.organizations, TOPICS.events, TOPICS.registrations, TOPICS.results] as const;

export async function projectFact(client: PoolClient, fact: Fact): Promise<void> {
  // Identity's facts, and fact types newer than this build: nothing public in them.
  const payload = factPayloadOn(fact, PUBLIC_TOPICS);
  if (payload.case === undefined) return;
  // One writer at a time (store/projections/changes.ts): chunks of three topics would deadlock otherwise.
  await lockReadModel(client);
  const at = occurredAt(fact);
  const meta = liveMeta(at);
  switch (payload.case) {
    case 'organizationCreated':
    case 'organizationUpdated':
      if (payload.value.organization) await upsertOrganization(client, publicOrganization(payload.value.organization));
      return;
    case 'eventCreated':
    case 'eventUpdated':
    case 'eventCancelled': {
      const event = payload.value.event;
      if (!event?.id) return;
      await upsertEvent(client, publicEvent(event), event.updatedAt ? timestampDate(event.updatedAt) : null);
      return;
    }
    case 'fleetCreated':
    case 'fleetUpdated':
      if (payload.value.fleet) await upsertFleet(client, payload.value.fleet.eventId, publicFleet(payload.value.fleet));
      return;
    case 'raceScheduled':
    case 'raceUpdated':
      if (payload.value.race) await upsertRace(client, payload.value.race.eventId, publicRace(payload.value.race));
      return;
    case 'documentAdded':
    case 'documentAmended':
      if (payload.value.document) await upsertDocument(client, payload.value.document.eventId, publicDocument(payload.value.document));
      return;
    case 'seriesCreated':
    case 'seriesUpdated': {
      const series = payload.value.series;
      if (!series) return;
      const data = { id: series.id, slug: series.slug, name: series.name, year: series.year, eventIds: [...series.eventIds], scoringRule: series.scoringRule, bestOf: series.bestOf ?? null };
      await upsertSeries(client, { id: series.id, organizationId: series.organizationId, slug: series.slug, data });
      return;
    }
    case 'seriesStandingsUpdated': {
      const series = payload.value;
      const data = { id: series.seriesId, slug: series.slug, name: series.name, year: series.year, eventIds: series.events.map((e) => e.id), scoringRule: series.scoringRule, bestOf: series.bestOf ?? null };
      const standings = series.entries.map((entry) => ({
        position: entry.position,
        fleet: entry.fleet,
        boatId: entry.boatId,
        boatName: entry.boatName,
        sailNumber: entry.sailNumber ?? null,
        sailorName: entry.sailorName ?? null,
        totalPoints: entry.totalPoints,
        netPoints: entry.netPoints,
        eventsSailed: entry.eventsSailed,
        cells: entry.cells.map((cell) => ({ eventId: cell.eventId, eventSlug: cell.eventSlug, points: cell.points, place: cell.place ?? null, dropped: cell.dropped, absent: cell.absent })),
      }));
      await saveSeriesStandings(client, { id: series.seriesId, organizationId: series.organizationId, slug: series.slug, data, standings });
      return;
    }
    case 'registrationCreated':
    case 'registrationUpdated':
    case 'registrationCancelled': {
      const registration = payload.value.registration;
      if (!registration) return;
      const entry = publicEntry(registration);
      const updatedAt = registration.updatedAt ? timestampDate(registration.updatedAt) : at;
      if (await upsertEntry(client, registration.eventId, entry, updatedAt, entryOrderOf(registration))) {
        if (registration.boat?.id) await upsertBoat(client, registration.eventId, { id: registration.boat.id, sailNumber: entry.sailNumber, name: entry.boatName });
        await appendLive(client, registration.eventId, fact.type as 'registration.created', liveData.registrationChanged(meta, entry));
      }
      return;
    }
    case 'resultsUpdated': {
      const results = publicRaceResults(payload.value);
      await upsertRaceResults(client, payload.value.eventId, results, at);
      await appendLive(client, payload.value.eventId, 'results.updated', liveData.resultsUpdated(meta, results));
      return;
    }
    case 'resultsPublished': {
      await markOfficial(client, [...payload.value.raceIds], at);
      await appendLive(client, payload.value.eventId, 'results.published', liveData.resultsPublished(meta, payload.value));
      return;
    }
    case 'raceStarted':
    case 'raceCompleted': {
      const race = payload.value;
      const type = payload.case === 'raceStarted' ? 'race.started' : 'race.completed';
      const progress = publicRaceProgress(race, type);
      await recordRaceProgress(client, race.eventId, progress);
      await appendLive(client, race.eventId, type, liveData.raceProgress(meta, progress));
      return;
    }
    case 'standingsUpdated': {
      const standings = publicStandings(payload.value);
      await upsertStandings(client, payload.value.eventId, standings, at);
      await appendLive(client, payload.value.eventId, 'standings.updated', liveData.standingsUpdated(meta, standings));
      return;
    }
    case 'protestLodged':
    case 'hearingScheduled':
    case 'decisionPublished':
    case 'protestWithdrawn':
      await projectProtest(client, payload, meta, at);
      return;
    // Deletions of the events service: only things without results or entries are deleted.
    case 'raceDeleted':
      await removeRace(client, payload.value.eventId, payload.value.raceId);
      return;
    case 'fleetDeleted':
      await removeFleet(client, payload.value.eventId, payload.value.fleetId);
      return;
    case 'documentWithdrawn':
      await removeDocument(client, payload.value.eventId, payload.value.documentId);
      return;
    case 'seriesDeleted':
      await removeSeries(client, payload.value.seriesId);
      return;
    case 'eventDeleted':
      await removeEvent(client, payload.value.eventId);
      return;
    // Facts the public read model has no use for.
    case 'resultsRevised':
    case 'resultsPosted':
    case 'resultsOfficial':
    case 'splitStandingsUpdated':
    case 'regattaImported':
    case 'fleetSplit':
      return;
    default:
      return unhandledFact(payload);
  }
}
