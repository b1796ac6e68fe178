/** Response shapes of the results routes (documented in packages/openapi/spec/results.yaml). */
import { formatDuration } from '@regatta/contracts';
import { etagOf } from '@regatta/http';
import { eventRef } from '../domain/public-views.js';
import { redressMethodOf } from '../../shared/domain/race-entries.js';
import type { FleetSetup } from '../../shared/domain/fleet-setup.js';
import type { ResultRow } from '../../shared/domain/records.js';
import type { SubmittedResults } from '../app/submit-results.js';
import type { EventResults, ResultsVersion } from '../app/list-results.js';
import type { EventMadeOfficial } from '../app/make-event-official.js';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * The typed Result (answer of the submission). Redress shows the method it is scored with: the one
 * given, else the fleet's current default.
 */
export function resultView(row: ResultRow, race: { published: boolean }, fleet: Pick<FleetSetup, 'options'>) {
  return {
    id: row.id,
    raceId: row.raceId,
    boatId: row.boatId,
    position: row.position,
    finishTime: iso(row.finishTime),
    elapsedTime: formatDuration(row.elapsedSeconds),
    correctedTime: formatDuration(row.correctedSeconds),
    elapsedSeconds: row.elapsedSeconds,
    correctedSeconds: row.correctedSeconds,
    points: row.points,
    rating: row.rating ?? null,
    status: row.status,
    code: row.code,
    penaltyPercent: row.penaltyPercent,
    penaltyPoints: row.penaltyPoints,
    redress: row.redressMethod !== null || row.code === 'RDG' ? { method: redressMethodOf(fleet, row), points: row.redressPoints } : null,
    notes: row.notes,
    provisional: !race.published,
  };
}

export function submittedView({ race, fleet, rows, boatsInStandings, revision }: SubmittedResults) {
  return {
    data: rows.map((row) => resultView(row, { published: false }, fleet)),
    revision,
    message: `Results of ${race.name} (${fleet.name}) recorded for ${rows.length} boat${rows.length === 1 ? '' : 's'}; standings of ${fleet.name} updated (${boatsInStandings} boats).`,
  };
}

/** GET results as JSON text: the stored race items sent as they are, inside the event reference. */
export function resultsText({ event, races, asOf, fleets }: EventResults): string {
  return `{"data":{"event":${JSON.stringify(eventRef(event))},"races":[${races.join(',')}],"asOf":${JSON.stringify(asOf)},"fleets":${JSON.stringify(fleets)}}}`;
}

/**
 * The tag of a current results answer, from everything its text is made of: the event reference, the
 * fleets' status and each race view's stored version, in order (the asOf is read from those views).
 */
export function resultsTag({ event, fleets }: Pick<ResultsVersion, 'event' | 'fleets'>, viewVersions: readonly string[]): string {
  return etagOf(`results\n${JSON.stringify(eventRef(event))}\n${JSON.stringify(fleets)}\n${viewVersions.join(',')}`);
}

export function eventOfficialView({ event, publishedAt, raceIds, fleetIds }: EventMadeOfficial) {
  return {
    data: { event: eventRef(event), publishedAt: publishedAt ? publishedAt.toISOString() : null, raceIds, fleetIds },
    message: raceIds.length > 0 ? `Results of ${raceIds.length} race${raceIds.length === 1 ? '' : 's'} are now official.` : 'There were no provisional results to make official.',
  };
}
