/** Facts of changed and removed regatta parts: full snapshots where the thing lives on, ids where it is gone. */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';
import type { DocumentRow, EventRow, FleetRow, RaceRow, SeriesRow } from '../store/rows.js';
import { documentMessage, eventMessage, fleetMessage, meta, raceMessage, seriesMessage, type OrgSnapshot } from './facts.js';

export function fleetUpdatedFact(
  row: FleetRow,
  organizationId: string,
  change: { changedFields: string[]; setupChanged: boolean; by: string | null; byName: string | null },
  requestId: string,
): Fact {
  return newFact(
    'fleet.updated',
    'fleetUpdated',
    {
      fleet: fleetMessage(row),
      changedFields: change.changedFields,
      setupChanged: change.setupChanged,
      ...(change.by ? { changedBy: change.by } : {}),
      ...(change.byName ? { changedByName: change.byName } : {}),
    },
    meta(row.event_id, organizationId, requestId, new Date()),
  );
}

export function fleetDeletedFact(row: FleetRow, organizationId: string, requestId: string): Fact {
  return newFact('fleet.deleted', 'fleetDeleted', { fleetId: row.id, eventId: row.event_id, name: row.name }, meta(row.event_id, organizationId, requestId, new Date()));
}

export function raceUpdatedFact(row: RaceRow, organizationId: string, previousStatus: string, changedFields: string[], requestId: string, actorUserId: string | null = null): Fact {
  return newFact('race.updated', 'raceUpdated', { race: raceMessage(row), previousStatus, changedFields }, meta(row.event_id, organizationId, requestId, new Date(), actorUserId));
}

export function raceDeletedFact(row: RaceRow, organizationId: string, requestId: string, actorUserId: string | null = null): Fact {
  return newFact(
    'race.deleted',
    'raceDeleted',
    { raceId: row.id, eventId: row.event_id, fleetId: row.fleet_id, raceNumber: row.race_number },
    meta(row.event_id, organizationId, requestId, new Date(), actorUserId),
  );
}

export function documentAmendedFact(row: DocumentRow, organizationId: string, note: string | null, requestId: string): Fact {
  return newFact(
    'document.amended',
    'documentAmended',
    { document: documentMessage(row), version: row.version ?? 1, ...(note ? { note } : {}) },
    meta(row.event_id, organizationId, requestId, row.updated_at ?? new Date()),
  );
}

export function documentWithdrawnFact(row: DocumentRow, organizationId: string, requestId: string): Fact {
  const at = row.withdrawn_at ?? new Date();
  return newFact(
    'document.withdrawn',
    'documentWithdrawn',
    { documentId: row.id, eventId: row.event_id, title: row.title, withdrawnAt: timestampFromDate(at), ...(row.withdrawn_reason ? { reason: row.withdrawn_reason } : {}) },
    meta(row.event_id, organizationId, requestId, at),
  );
}

export function seriesUpdatedFact(row: SeriesRow, eventIds: string[], changedFields: string[], requestId: string): Fact {
  return newFact(
    'series.updated',
    'seriesUpdated',
    { series: seriesMessage(row, eventIds), changedFields },
    { producer: 'events', organizationId: row.organization_id, requestId, occurredAt: new Date() },
  );
}

export function seriesDeletedFact(row: SeriesRow, requestId: string): Fact {
  return newFact(
    'series.deleted',
    'seriesDeleted',
    { seriesId: row.id, organizationId: row.organization_id, slug: row.slug },
    { producer: 'events', organizationId: row.organization_id, requestId, occurredAt: new Date() },
  );
}

export function eventDeletedFact(row: EventRow, requestId: string): Fact {
  return newFact(
    'event.deleted',
    'eventDeleted',
    { eventId: row.id, organizationId: row.organization_id, slug: row.slug, name: row.name },
    meta(row.id, row.organization_id, requestId, new Date()),
  );
}

export function eventCancelledFact(row: EventRow, org: OrgSnapshot, previousStatus: string, reason: string | null, requestId: string): Fact {
  return newFact(
    'event.cancelled',
    'eventCancelled',
    { event: eventMessage(row, org), previousStatus, ...(reason ? { reason } : {}) },
    meta(row.id, row.organization_id, requestId, row.updated_at),
  );
}
