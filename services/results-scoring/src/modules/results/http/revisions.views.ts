/** Response shapes of the revisions and publication routes (documented in packages/openapi/spec/results.yaml). */
import { eventRef } from '../domain/public-views.js';
import type { EventRevisions } from '../app/list-revisions.js';
import type { OfficialResults } from '../app/make-official.js';
import type { PublishedProvisional } from '../app/publish-provisional.js';
import type { ProtestTimeLimit } from '../app/protest-time-limit.js';
type RevisionRecord = EventRevisions['items'][number];

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

function revisionView(revision: RevisionRecord, raceNumbers: ReadonlyMap<string, number>, showActor: boolean) {
  return {
    id: revision.id,
    kind: revision.kind,
    seq: revision.seq,
    raceId: revision.raceId,
    raceNumber: revision.raceId ? (raceNumbers.get(revision.raceId) ?? null) : null,
    raceIds: revision.raceIds,
    fleetId: revision.fleetId,
    at: revision.createdAt.toISOString(),
    reason: revision.reason,
    decisionId: revision.decisionId,
    revertedTo: revision.revertedTo,
    actor: showActor ? { userId: revision.userId, keyId: revision.keyId, via: revision.via } : { userId: null, keyId: null, via: revision.via },
    changes: revision.changes,
  };
}

export function revisionsView(page: EventRevisions) {
  return {
    data: { event: eventRef(page.event), revisions: page.items.map((r) => revisionView(r, page.raceNumbers, page.showActors)) },
    pagination: { limit: page.limit, offset: page.offset, hasMore: page.hasMore },
  };
}

export function revertedView(reverted: { revisionId: string; seq: number; revertedTo: string; raceId: string }) {
  return {
    data: { revisionId: reverted.revisionId, seq: reverted.seq, raceId: reverted.raceId, revertedTo: reverted.revertedTo },
    message: `The race's results are those of revision ${reverted.revertedTo} again (revision ${reverted.seq}).`,
  };
}

export function publishedProvisionalView(posted: PublishedProvisional) {
  return {
    data: {
      event: eventRef(posted.event),
      fleetId: posted.fleetId,
      postedAt: iso(posted.postedAt),
      races: posted.races.map((r) => ({ raceId: r.raceId, number: r.number, protestDeadline: iso(r.protestDeadline) })),
    },
    message: posted.races.length > 0 ? `Provisional results of ${posted.races.length} race${posted.races.length === 1 ? '' : 's'} published; the protest time limit runs.` : 'There were no provisional results to publish.',
  };
}

export function officialView(official: OfficialResults) {
  return {
    data: { event: eventRef(official.event), fleetId: official.fleetId, officialAt: iso(official.officialAt), raceIds: official.raceIds },
    message: official.raceIds.length > 0 ? `Results of ${official.raceIds.length} race${official.raceIds.length === 1 ? '' : 's'} are now official.` : 'There were no provisional results to make official.',
  };
}

export function protestTimeLimitView(limit: ProtestTimeLimit) {
  return { data: { event: eventRef(limit.event), minutes: limit.minutes, default: !limit.set, timeZone: limit.timeZone } };
}
