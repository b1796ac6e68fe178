/**
 * Projections the events service keeps from other services' facts:
 * - organizations.v1: id, slug, name (and creator) of each organization;
 * - identity.v1: users' names and emails (sailor names), and whether an organization's creator
 *   still belongs to it;
 * - results.v1: race progress (status, actual start) and each race's results for `include=results`.
 * Every handler is an upsert that keeps the newer snapshot, so replays change nothing.
 */
import { TOPICS, factPayload, timestampDate, type Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { ConsumerDefinition } from '@regatta/runtime';
import {
  applyRaceProgress,
  markCreatorRevoked,
  markResultsPublished,
  upsertOrganization,
  upsertRaceResults,
  upsertUser,
} from '../store/store.js';
import type { StoredResultEntry } from '../store/rows.js';

const dateOf = (value: { seconds: bigint; nanos: number } | undefined): Date | null => (value ? timestampDate(value as never) : null);

const RACE_STATUSES = new Set(['scheduled', 'postponed', 'started', 'finished', 'abandoned']);

/** Race status as stored; the guide form's "completed" means finished; anything unknown is skipped. */
function raceStatus(status: string): string | undefined {
  const normalized = status === 'completed' ? 'finished' : status;
  return RACE_STATUSES.has(normalized) ? normalized : undefined;
}

function occurredAt(fact: Fact): Date {
  return dateOf(fact.occurredAt) ?? new Date();
}

export async function handleOrganizationFact(client: PoolClient, fact: Fact): Promise<void> {
  const organization = factPayload(fact, 'organizationCreated')?.organization ?? factPayload(fact, 'organizationUpdated')?.organization;
  if (!organization) return;
  await upsertOrganization(client, {
    id: organization.id,
    slug: organization.slug,
    name: organization.name,
    createdBy: organization.createdBy || null,
    updatedAt: dateOf(organization.updatedAt) ?? occurredAt(fact),
  });
}

export async function handleIdentityFact(client: PoolClient, fact: Fact): Promise<void> {
  const user = factPayload(fact, 'userRegistered');
  if (user) {
    await upsertUser(client, { id: user.userId, email: user.email, name: user.name });
    return;
  }
  const revoked = factPayload(fact, 'membershipRevoked');
  if (revoked) {
    await markCreatorRevoked(client, revoked.organizationId, revoked.userId, true);
    return;
  }
  const granted = factPayload(fact, 'membershipGranted');
  if (granted) await markCreatorRevoked(client, granted.organizationId, granted.userId, false);
}

export async function handleResultsFact(client: PoolClient, fact: Fact): Promise<void> {
  const at = occurredAt(fact);
  const progress = factPayload(fact, 'raceStarted') ?? factPayload(fact, 'raceCompleted');
  if (progress) {
    const status = raceStatus(progress.status || (fact.type === 'race.started' ? 'started' : 'finished'));
    if (status) await applyRaceProgress(client, progress.raceId, { status, actualStart: dateOf(progress.actualStart), occurredAt: at });
    return;
  }
  const updated = factPayload(fact, 'resultsUpdated');
  if (updated) {
    const results: StoredResultEntry[] = updated.results.map((entry) => ({
      boatId: entry.boatId,
      userId: entry.userId,
      sailorName: entry.sailorName ?? null,
      boatName: entry.boatName,
      sailNumber: entry.sailNumber ?? null,
      position: entry.position ?? null,
      finishTime: dateOf(entry.finishTime)?.toISOString() ?? null,
      elapsedSeconds: entry.elapsedSeconds ?? null,
      correctedSeconds: entry.correctedSeconds ?? null,
      points: entry.points,
      status: entry.status,
      code: entry.code ?? null,
      notes: entry.notes ?? null,
    }));
    await upsertRaceResults(client, {
      race_id: updated.raceId,
      event_id: updated.eventId,
      fleet_id: updated.fleetId,
      race_number: updated.raceNumber,
      race_name: updated.raceName,
      published: updated.published,
      results,
      occurred_at: at,
    });
    const status = raceStatus(updated.raceStatus);
    if (status) await applyRaceProgress(client, updated.raceId, { status, actualStart: dateOf(updated.actualStart), occurredAt: at });
    return;
  }
  const published = factPayload(fact, 'resultsPublished');
  if (published) await markResultsPublished(client, published.raceIds);
}

export function consumers(): ConsumerDefinition[] {
  return [
    { name: 'organizations', topics: [TOPICS.organizations], handle: (client, fact) => handleOrganizationFact(client, fact) },
    { name: 'identity', topics: [TOPICS.identity], handle: (client, fact) => handleIdentityFact(client, fact) },
    { name: 'results', topics: [TOPICS.results], handle: (client, fact) => handleResultsFact(client, fact) },
  ];
}
