/**
 * Projections of the events service's facts: events, fleets (scoring set-up), races (schedule),
 * series, and registrations (boats, ratings, sailors). A registration change in a fleet that already
 * has results re-scores the fleet (entries count and ratings feed the scores) in the same transaction.
 * A new series, and an event change that alters the public series view (status, name, slug, start
 * date of an event that is or was not a draft), queue series.standings.updated for the series concerned.
 */
import { TOPICS, factPayload, isFactType, timestampDate, type Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { Logger } from '@regatta/logging';
import type { ConsumerDefinition } from '@regatta/runtime';
import type { Registration } from '@regatta/contracts';
import {
  fleetHasResults,
  findEventsByIds,
  findFleet,
  findSeriesById,
  upsertEvent,
  upsertFleet,
  upsertRace,
  upsertRegistration,
  upsertSeries,
  type EventProjection,
} from '../store/projections.js';
import { recomputeFleet } from './recompute.js';
import { isPublicEvent, lockSeries, lockSeriesOfEvent, publishSeriesStandings } from './series-standings.js';

const date = (value: Parameters<typeof timestampDate>[0] | undefined): Date | null => (value ? timestampDate(value) : null);

export interface ProjectionDeps {
  logger: Logger;
  publish(client: PoolClient, fact: Fact): Promise<void>;
}

export function projectionConsumer(deps: ProjectionDeps): ConsumerDefinition {
  return {
    name: 'projections',
    topics: [TOPICS.events, TOPICS.registrations],
    handle: (client, fact) => applyFact(client, fact, deps),
  };
}

export async function applyFact(client: PoolClient, fact: Fact, deps: ProjectionDeps): Promise<void> {
  if (!isFactType(fact.type)) return;
  const occurredAt = date(fact.occurredAt) ?? new Date();
  const event = factPayload(fact, 'eventCreated')?.event ?? factPayload(fact, 'eventUpdated')?.event;
  if (event) {
    const [before] = await findEventsByIds(client, [event.id]);
    await upsertEvent(
      client,
      {
        id: event.id,
        slug: event.slug,
        name: event.name,
        organizationId: event.organization?.id || fact.organizationId || null,
        organizationSlug: event.organization?.slug || null,
        organizationName: event.organization?.name || null,
        status: event.status || 'draft',
        startDate: date(event.startDate),
        sourceUpdatedAt: date(event.updatedAt),
      },
      occurredAt,
    );
    const [now] = await findEventsByIds(client, [event.id]);
    if (publicSeriesViewChanged(before, now)) {
      const series = await lockSeriesOfEvent(client, event.id);
      await publishSeriesStandings(client, series, { publish: deps.publish, requestId: fact.requestId });
    }
    return;
  }
  const fleet = factPayload(fact, 'fleetCreated')?.fleet;
  if (fleet) {
    await upsertFleet(
      client,
      {
        id: fleet.id,
        eventId: fleet.eventId || fact.eventId || '',
        name: fleet.name,
        scoringSystem: fleet.scoringSystem,
        dropRaces: fleet.dropRaces,
        handicapSystem: fleet.handicap?.system || 'one_design',
        handicapParams: { ...(fleet.handicap?.params ?? {}) },
        penaltyBasis: fleet.penaltyBasis,
        discardThresholds: [...fleet.discardThresholds],
      },
      date(fleet.createdAt),
      occurredAt,
    );
    return;
  }
  const race = factPayload(fact, 'raceScheduled')?.race;
  if (race) {
    await upsertRace(
      client,
      {
        id: race.id,
        eventId: race.eventId || fact.eventId || '',
        fleetId: race.fleetId,
        name: race.name,
        number: race.raceNumber,
        scheduledStart: date(race.scheduledStart),
        scheduledStatus: race.status || 'scheduled',
        distanceNm: race.courseDistanceNm ?? null,
        weight: race.weight > 0 ? race.weight : 1,
        mustCount: race.mustCount,
        discardFirst: race.discardFirst,
      },
      occurredAt,
    );
    return;
  }
  const series = factPayload(fact, 'seriesCreated')?.series;
  if (series) {
    await upsertSeries(
      client,
      {
        id: series.id,
        organizationId: series.organizationId || fact.organizationId || null,
        slug: series.slug,
        name: series.name,
        year: series.year || null,
        eventIds: [...series.eventIds],
        scoringRule: series.scoringRule,
        bestOf: series.bestOf ?? null,
        createdAt: date(series.createdAt),
      },
      occurredAt,
    );
    await lockSeries(client, [series.id]);
    const stored = await findSeriesById(client, series.id);
    if (stored) await publishSeriesStandings(client, [stored], { publish: deps.publish, requestId: fact.requestId });
    return;
  }
  const registration =
    factPayload(fact, 'registrationCreated')?.registration ??
    factPayload(fact, 'registrationUpdated')?.registration ??
    factPayload(fact, 'registrationCancelled')?.registration;
  if (registration) {
    await applyRegistration(client, registration, fact, occurredAt, deps);
  }
}

/** True when the event's change can alter the public series standings (it lists non-draft events only). */
function publicSeriesViewChanged(before: EventProjection | undefined, now: EventProjection | undefined): boolean {
  const visible = (e: EventProjection | undefined) => !!e && isPublicEvent(e);
  if (!visible(before) && !visible(now)) return false;
  if (!before || !now) return true;
  return before.status !== now.status || before.name !== now.name || before.slug !== now.slug || before.startDate?.getTime() !== now.startDate?.getTime();
}

async function applyRegistration(client: PoolClient, registration: Registration, fact: Fact, occurredAt: Date, deps: ProjectionDeps): Promise<void> {
  const boat = registration.boat;
  if (!boat?.id) {
    deps.logger.warn({ registrationId: registration.id, messageId: fact.id }, 'registration without a boat ignored');
    return;
  }
  await upsertRegistration(
    client,
    {
      id: registration.id,
      eventId: registration.eventId || fact.eventId || '',
      fleetId: registration.fleetId,
      fleetName: registration.fleetName || null,
      userId: registration.userId || null,
      sailorName: registration.sailorName ?? null,
      boatId: boat.id,
      boatName: boat.name || boat.sailNumber || boat.id,
      sailNumber: boat.sailNumber ?? null,
      ratings: { ...boat.ratings },
      status: registration.status || 'registered',
      sourceUpdatedAt: date(registration.updatedAt),
    },
    occurredAt,
  );

  // Entries count and ratings feed the scores: re-score a fleet that already has results.
  if (!(await fleetHasResults(client, registration.fleetId))) return;
  const [fleet, events] = await Promise.all([findFleet(client, registration.fleetId), findEventsByIds(client, [registration.eventId || fact.eventId || ''])]);
  const event = events[0];
  if (!fleet || !event) return;
  await client.query('SAVEPOINT rescore');
  try {
    await recomputeFleet(client, event, fleet, { publish: deps.publish, requestId: fact.requestId, onlyIfChanged: true });
    await client.query('RELEASE SAVEPOINT rescore');
  } catch (error) {
    // The projection stands; the standings stay as they were until the next submission.
    await client.query('ROLLBACK TO SAVEPOINT rescore');
    deps.logger.warn({ err: error, fleetId: fleet.id }, 're-scoring after a registration change failed');
  }
}
