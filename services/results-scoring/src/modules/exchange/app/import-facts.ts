/**
 * regatta.imported (results.v1, key: the new event id): the draft regatta the events service creates,
 * with the ids results-scoring already stored the results under. Snapshots reuse the events facts'
 * messages (Event, Fleet, Race, Registration), so the events service writes what it would publish.
 */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { ImportDraft } from '../domain/draft.js';
import { PRODUCER } from '../../results/app/facts.js';

export interface ImportFactInput {
  importId: string;
  fileName: string;
  fileSha256: string;
  importedBy: string;
  organization: { id: string; slug: string; name: string };
  slug: string;
  draft: ImportDraft;
  requestId?: string | undefined;
  at: Date;
}

export function regattaImportedFact(input: ImportFactInput): Fact {
  const { draft, at } = input;
  const ts = timestampFromDate;
  const event = draft.event;
  const fleetName = new Map(draft.fleets.map((f) => [f.id, f.name] as const));
  const systemOf = new Map(draft.fleets.map((f) => [f.id, f.handicapSystem as string] as const));
  return newFact(
    'regatta.imported',
    'regattaImported',
    {
      importId: input.importId,
      source: 'sailwave',
      fileName: input.fileName,
      fileSha256: input.fileSha256,
      importedBy: input.importedBy,
      event: {
        id: event.id,
        organization: input.organization,
        name: event.name,
        slug: input.slug,
        ...(event.venue !== null ? { venue: event.venue } : {}),
        startDate: ts(event.startDate),
        endDate: ts(event.endDate),
        status: 'draft',
        currency: 'USD',
        createdAt: ts(at),
        updatedAt: ts(at),
      },
      fleets: draft.fleets.map((f) => ({
        id: f.id,
        eventId: event.id,
        name: f.name,
        scoringSystem: f.scoringSystem,
        dropRaces: f.dropRaces,
        handicap: { system: f.handicapSystem, params: f.handicapParams },
        penaltyBasis: f.penaltyBasis,
        discardThresholds: f.discardThresholds,
        ...(f.options?.finishersPlus !== undefined ? { finishersPlus: f.options.finishersPlus } : {}),
        createdAt: ts(at),
      })),
      races: draft.races.map((r) => ({
        id: r.id,
        eventId: event.id,
        fleetId: r.fleetId,
        name: r.name,
        raceNumber: r.number,
        ...(r.scheduledStart !== null ? { scheduledStart: ts(r.scheduledStart) } : {}),
        // Progress (finished) is results-scoring's: the schedule says scheduled, as for any race.
        status: 'scheduled',
        weight: 1,
        mustCount: false,
        discardFirst: false,
      })),
      registrations: draft.registrations.map((g) => ({
        id: g.id,
        eventId: event.id,
        fleetId: g.fleetId,
        userId: g.userId,
        ...(g.helm !== null ? { sailorName: g.helm } : {}),
        boat: { id: g.boatId, name: g.boatName, ...(g.sailNumber !== null ? { sailNumber: g.sailNumber } : {}), ...(g.boatClass !== null ? { model: g.boatClass } : {}), ratings: g.ratings },
        status: 'registered',
        paymentStatus: 'pending',
        crew: g.crew,
        registrationTime: ts(at),
        updatedAt: ts(at),
        fleetName: fleetName.get(g.fleetId) ?? '',
        // Progressive handicaps: the rating sailed in each race (Sailwave's rrat), in force from that race on.
        ratingChanges: g.ratingChanges.map((c) => ({ system: systemOf.get(g.fleetId) ?? '', key: c.key, value: c.value, fromRace: c.fromRace, recordedAt: ts(at) })),
      })),
      competitors: draft.registrations.map((g) => ({
        registrationId: g.id,
        sourceRef: g.handle,
        ...(g.club !== null ? { club: g.club } : {}),
        ...(g.nationality !== null ? { nationality: g.nationality } : {}),
      })),
    },
    { producer: PRODUCER, eventId: event.id, organizationId: input.organization.id, requestId: input.requestId ?? null, occurredAt: at },
  );
}
