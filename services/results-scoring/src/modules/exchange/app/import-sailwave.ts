/**
 * POST /organizations/{slug}/imports/sailwave: a Sailwave .blw file → a draft regatta.
 *
 * Order: the caller (a user, member of the organization: the rule for creating an event) before a
 * byte of the file is read; then the file (streamed, capped, judged on its first bytes); then parse and
 * map (every setting the platform cannot hold is a warning). One transaction here: the imports row,
 * every sailed race's progress, results and revision (kind submission, reason "Imported from Sailwave
 * file X"), and the regatta.imported fact carrying the draft with the ids chosen here. The events
 * service creates event, fleets, races and registrations from that fact in one transaction of its own
 * and publishes its usual facts; once this service has projected them all (bounded wait), every fleet
 * is re-scored here and the answer compares the stored standings with Sailwave's.
 */
import { createHash, randomUUID } from 'node:crypto';
import { encodeFact } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { notFound, problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { freeSlug, importSlugBase } from '../domain/import-slug.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { buildImportDraft, type ImportDraft } from '../domain/draft.js';
import { draftSizeError, factSizeError } from '../domain/limits.js';
import type { SailwaveWarning } from '../domain/settings.js';
import { parseSailwave } from '../domain/parse.js';
import { toScoring } from '../domain/to-scoring.js';
import { eventSlugsLike, insertImport, saveImportReport } from '../store/imports.js';
import { findOrganizationBySlug } from '../../shared/store/projections/organizations.js';
import { saveProgress } from '../../results/store/results.js';
import { isMember } from '../../shared/app/access.js';
import { regattaImportedFact } from './import-facts.js';
import { importParity, type ImportedFleetParity } from './import-parity.js';
import { awaitProjection } from '../../shared/app/projection-wait.js';
import { changeFleets } from '../../results/app/unit-of-work/fleet-change.js';
import { actorOf } from '../../results/app/unit-of-work/revision-builder.js';

const ORGANIZATION_WAIT_MS = 1_000;

export interface ImportRequest {
  organization: string;
  fileName: string;
  requestId: string | undefined;
  /** Reads the body (streamed, capped); called once the caller may import. */
  readFile: () => Promise<Buffer>;
  maxBytes: number;
}

export interface ImportOutcome {
  importId: string;
  fileName: string;
  fileSha256: string;
  event: { id: string; slug: string; name: string; status: 'draft'; startDate: Date; endDate: Date };
  organization: { id: string; slug: string; name: string };
  fleets: ImportedFleetParity[];
  /** The standings compared are the stored ones (true) or, when the projection wait ran out, the draft's scored the same way. */
  projected: boolean;
  counts: { fleets: number; races: number; racesSailed: number; registrations: number; results: number };
  warnings: SailwaveWarning[];
}

/** Sailor ids from a text (RFC 4122 v5 layout over SHA-1, a namespace of this importer). */
function stableId(key: string): string {
  const hash = createHash('sha1').update('regatta:sailwave-import:').update(key).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function refuseFile(errors: readonly { line: number | null; message: string }[]): never {
  const first = errors[0]!;
  const where = first.line === null ? '' : ` (line ${first.line})`;
  const fieldErrors = errors.map((e) => ({ field: e.line === null ? 'body' : `body line ${e.line}`, message: e.message }));
  if (/^not a Sailwave file/.test(first.message)) throw problem('sailwave_not_sailwave', `Not a Sailwave file${where}: ${first.message}`, { errors: fieldErrors });
  if (/^the file (is empty|holds only blank lines)/.test(first.message)) throw problem('sailwave_empty', `The file is empty: ${first.message}`, { errors: fieldErrors });
  if (/^the file is \d+ bytes; the limit/.test(first.message)) throw problem('sailwave_too_large', first.message);
  throw problem('sailwave_unreadable', `The Sailwave file cannot be read${where}: ${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`, { errors: fieldErrors });
}

export async function importSailwave(context: ServiceContext, identity: Identity, request: ImportRequest): Promise<ImportOutcome> {
  const { pool } = context;
  // An organization created a moment ago may still be on its way to the projection: a short wait
  // (1 s, not the 3 s of a write naming a new event: an unknown slug here is mostly a typo).
  const organization = await awaitProjection(context, () => findOrganizationBySlug(pool, request.organization), ORGANIZATION_WAIT_MS);
  if (!organization) throw notFound('Organization');
  if (!isMember(identity, organization.id)) throw problem('not_a_member', `Importing a regatta needs membership of the organization ${organization.name} (${organization.slug}).`);
  if (!identity.userId) throw problem('user_required', 'Importing a regatta needs a signed-in user or a user API key.');
  const userId = identity.userId;

  const bytes = await request.readFile();
  const parsed = parseSailwave(bytes, { maxBytes: request.maxBytes });
  if (!parsed.ok) refuseFile(parsed.errors);
  // Too many fleets × races or competitors for one import: refused before mapping builds them.
  const sizeError = draftSizeError(parsed.file);
  if (sizeError !== null) throw problem('sailwave_too_large', `${sizeError[0]!.toUpperCase()}${sizeError.slice(1)}.`);
  const fileSha256 = createHash('sha256').update(bytes).digest('hex');
  const importId = randomUUID();
  const now = new Date();
  const draft = buildImportDraft(parsed.file, toScoring(parsed.file), { organizationId: organization.id, fileName: request.fileName, today: now, newId: randomUUID, stableId });
  const base = importSlugBase(draft.event.name, draft.event.startDate.getUTCFullYear());
  const slug = freeSlug(base, await eventSlugsLike(pool, base));
  const reason = `Imported from Sailwave file ${request.fileName}`.slice(0, 500);
  // The fact is one Kafka message: one the broker would refuse is refused here, before anything is stored.
  const fact = regattaImportedFact({ importId, fileName: request.fileName, fileSha256, importedBy: userId, organization, slug, draft, requestId: request.requestId, at: now });
  const factError = factSizeError(encodeFact(fact).length);
  if (factError !== null) throw problem('sailwave_too_large', `${factError[0]!.toUpperCase()}${factError.slice(1)}.`);

  await withTransaction(pool, async (client) => {
    await insertImport(client, {
      id: importId,
      organizationId: organization.id,
      eventId: draft.event.id,
      source: 'sailwave',
      fileName: request.fileName,
      fileSha256,
      fileBytes: bytes.length,
      userId,
      keyId: identity.keyId ?? null,
      draft: draftRecord(draft, slug),
      warnings: draft.warnings,
    });
    // The results as one batch of the unit of work: progress, entries and each race's revision, no
    // re-score (the fleets are not projected yet; importParity re-scores them once they are).
    const fleetIds = draft.races.filter((r) => r.sailed).map((r) => r.fleetId);
    await changeFleets(context, client, { event: draftEvent(draft, organization, slug), fleetIds, requestId: request.requestId, batch: true }, async (change) => {
      for (const race of draft.races) {
        if (!race.sailed) continue;
        await saveProgress(client, { raceId: race.id, eventId: draft.event.id, fleetId: race.fleetId, actualStart: race.actualStart, status: 'finished', resultsSubmittedAt: now, published: false, publishedAt: null });
        await change.changeResults({ id: race.id, fleetId: race.fleetId, status: 'finished' }, race.entries, { kind: 'submission', reason, actor: actorOf(identity) });
      }
    });
    await context.publish(client, fact);
  });

  const parity = await importParity(context, draft, request.requestId);
  const outcome: ImportOutcome = {
    importId,
    fileName: request.fileName,
    fileSha256,
    event: { id: draft.event.id, slug: parity.slug ?? slug, name: draft.event.name, status: 'draft', startDate: draft.event.startDate, endDate: draft.event.endDate },
    organization,
    fleets: parity.fleets,
    projected: parity.projected,
    counts: {
      fleets: draft.fleets.length,
      races: draft.races.length,
      racesSailed: draft.races.filter((r) => r.sailed).length,
      registrations: draft.registrations.length,
      results: draft.races.reduce((n, r) => n + r.entries.length, 0),
    },
    warnings: draft.warnings,
  };
  await saveImportReport(pool, importId, { fleets: outcome.fleets, projected: outcome.projected, counts: outcome.counts });
  return outcome;
}

/** The draft regatta as the unit of work names it (its projection arrives later, from the events service). */
function draftEvent(draft: ImportDraft, organization: { id: string; slug: string; name: string }, slug: string): EventProjection {
  const { event } = draft;
  return { id: event.id, slug, name: event.name, organizationId: organization.id, organizationSlug: organization.slug, organizationName: organization.name, status: 'draft', startDate: event.startDate, sourceUpdatedAt: null };
}

/** What the imports row keeps of the draft: ids by Sailwave handle, and what registrations cannot hold. */
function draftRecord(draft: ImportDraft, slug: string): unknown {
  return {
    event: { id: draft.event.id, name: draft.event.name, slug },
    fleets: draft.fleets.map((f) => ({ id: f.id, name: f.name, group: f.group, representable: f.representable })),
    races: draft.races.map((r) => ({ id: r.id, fleetId: r.fleetId, handle: r.handle, number: r.number, sailed: r.sailed })),
    registrations: draft.registrations.map((g) => ({ id: g.id, boatId: g.boatId, fleetId: g.fleetId, handle: g.handle, club: g.club, nationality: g.nationality, sailwave: g.sailwave })),
  };
}
