/**
 * regatta.imported (results-scoring's Sailwave import) → the draft regatta, in the consumer's
 * one transaction: event, fleets, races, boats and registrations with exactly the ids of the fact (the
 * results already stored refer to them), then the usual facts (event.created, fleet.created,
 * race.scheduled, registration.created) that the other services project. Idempotent twice over: the
 * inbox drops a redelivered message, and an event id already present is left as it is. A slug taken
 * meanwhile is suffixed (-2, -3 ...): the import never fails on it.
 *
 * What a registration can hold of a file's competitor: helm (sailor name), crew, boat name, sail number,
 * class (the boat's model), ratings and per-race rating changes. Club and nationality have no field on
 * a registration or boat (registrations.yaml), so they stay with the import (results-scoring's imports
 * row, the fact's `competitors`), from which the Sailwave export writes them back.
 */
import { timestampDate, type RegattaImported } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import { sailKey } from '../domain/events.js';
import { slugCandidate } from '@regatta/contracts';
import { eventExists, insertImportedEntry, insertImportedEvent, insertImportedFleet, insertImportedRace, slugsTaken } from '../store/imported-regatta.js';
import { registrationDetail } from '../store/registrations.js';
import { eventCreatedFact, fleetCreatedFact, raceScheduledFact, registrationCreatedFact } from './facts.js';

const dateOf = (value: Parameters<typeof timestampDate>[0] | undefined): Date | null => (value ? timestampDate(value) : null);

export async function importRegatta(context: Pick<ServiceContext, 'publish'>, client: PoolClient, imported: RegattaImported, requestId: string): Promise<void> {
  const event = imported.event;
  const org = event?.organization;
  if (!event || !org?.id) return;
  if (await eventExists(client, event.id)) return;

  const taken = await slugsTaken(client, event.slug);
  let slug = event.slug;
  for (let n = 2; taken.has(slug); n++) slug = slugCandidate(event.slug, n);
  const start = dateOf(event.startDate) ?? new Date();
  const row = await insertImportedEvent(client, {
    id: event.id,
    organizationId: org.id,
    name: event.name,
    slug,
    venue: event.venue ?? null,
    startDate: start,
    endDate: dateOf(event.endDate) ?? start,
    createdBy: imported.importedBy || null,
  });
  await context.publish(client, eventCreatedFact(row, { id: org.id, slug: org.slug, name: org.name }, requestId));

  for (const f of imported.fleets) {
    const fleet = await insertImportedFleet(client, {
      id: f.id,
      eventId: row.id,
      name: f.name,
      scoringSystem: f.scoringSystem || 'low_point',
      dropRaces: f.dropRaces,
      handicapSystem: f.handicap?.system || 'one_design',
      handicapParams: { ...(f.handicap?.params ?? {}) },
      penaltyBasis: f.penaltyBasis || 'series_entries',
      discardThresholds: [...f.discardThresholds],
      finishersPlus: f.finishersPlus ? { dnf: f.finishersPlus.dnf, dnc: f.finishersPlus.dnc } : null,
    });
    await context.publish(client, fleetCreatedFact(fleet, org.id, requestId));
  }
  for (const r of imported.races) {
    const race = await insertImportedRace(client, { id: r.id, eventId: row.id, fleetId: r.fleetId, name: r.name, raceNumber: r.raceNumber, scheduledStart: dateOf(r.scheduledStart) });
    await context.publish(client, raceScheduledFact(race, org.id, requestId));
  }
  const sails = new Set<string>();
  for (const g of imported.registrations) {
    const boat = g.boat;
    if (!boat) continue;
    // A boat scored in two fleets (Sailwave's dual scoring) is two entries with one sail number.
    let key = sailKey(boat.sailNumber);
    if (key !== null && sails.has(key)) key = null;
    if (key !== null) sails.add(key);
    await insertImportedEntry(client, {
      id: g.id,
      eventId: row.id,
      fleetId: g.fleetId,
      userId: g.userId,
      sailorName: g.sailorName ?? null,
      boat: { id: boat.id, name: boat.name, sailNumber: boat.sailNumber ?? null, model: boat.model ?? null, ratings: { ...boat.ratings } },
      sailKey: key,
      crew: [...g.crew],
      submittedBy: imported.importedBy || null,
      ratingChanges: g.ratingChanges.map((c) => ({
        system: c.system,
        key: c.key,
        value: c.value,
        fromRace: c.fromRace,
        recordedAt: (dateOf(c.recordedAt) ?? start).toISOString(),
      })),
    });
    const detail = await registrationDetail(client, row.id, g.id);
    if (detail) await context.publish(client, registrationCreatedFact(detail, org.id, requestId));
  }
}
