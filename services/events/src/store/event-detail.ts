/**
 * GET /events/{slug} with its includes in ONE query: the event row (typed by pg as usual) plus one
 * json_agg column per include. A CPU profile of the events service showed each query costing a socket
 * write (writev) of 40-60 µs on this machine besides the parsing; the detail with every include made
 * six round trips. Each include keeps the order its own query had.
 *
 * json_agg yields JSON, so what pg would have typed is typed here: timestamps arrive as ISO strings
 * (with the session's offset) and become Dates; numbers, booleans, arrays, jsonb and uuids are already
 * what the row types say (numeric and bigint read as numbers, as @regatta/db configures pg).
 */
import type { Queryable } from '@regatta/db';
import type { DocumentRow, EventWithOrgRow, FleetRow, RaceResultsRow, RaceRow, RegistrationDetailRow } from './rows.js';
import { EVENT_WITH_ORG } from './events.js';
import { ENTRY_BOAT_COLUMNS } from './registrations.js';

export type DetailInclude = 'fleets' | 'races' | 'registrations' | 'results' | 'documents';

export interface EventDetailRows {
  event: EventWithOrgRow;
  /** Present when fleets or results were asked for (results name their fleets). */
  fleets?: FleetRow[];
  races?: RaceRow[];
  /** Registered and waitlisted entries, in registration order. */
  registrations?: RegistrationDetailRow[];
  results?: RaceResultsRow[];
  documents?: DocumentRow[];
}

const AGGREGATES = {
  fleets: `(SELECT json_agg(f ORDER BY f.created_at, f.name) FROM fleets f WHERE f.event_id = e.id) AS fleets_json`,
  races: `(SELECT json_agg(r ORDER BY r.scheduled_start NULLS LAST, f.created_at, r.race_number)
     FROM races r JOIN fleets f ON f.id = r.fleet_id WHERE r.event_id = e.id) AS races_json`,
  registrations: `(SELECT json_agg(x ORDER BY x.sequence) FROM (SELECT r.*, ${ENTRY_BOAT_COLUMNS}, f.name AS fleet_name
     FROM registrations r JOIN boats b ON b.id = r.boat_id JOIN fleets f ON f.id = r.fleet_id
     WHERE r.event_id = e.id AND r.status IN ('registered', 'waitlisted')) x) AS registrations_json`,
  results: `(SELECT json_agg(rr ORDER BY rr.race_number, rr.fleet_id) FROM race_results rr WHERE rr.event_id = e.id) AS results_json`,
  documents: `(SELECT json_agg(d ORDER BY d.published_at, d.id) FROM documents d WHERE d.event_id = e.id AND d.withdrawn_at IS NULL) AS documents_json`,
} as const;

/** The SQL text per combination of includes (at most 2^4 of them: results implies fleets). */
const sqlByKey = new Map<string, string>();

function detailSql(wanted: { fleets: boolean; races: boolean; registrations: boolean; results: boolean; documents: boolean }): string {
  const key = `${+wanted.fleets}${+wanted.races}${+wanted.registrations}${+wanted.results}${+wanted.documents}`;
  let sql = sqlByKey.get(key);
  if (!sql) {
    const columns = (Object.keys(AGGREGATES) as DetailInclude[]).filter((name) => wanted[name]).map((name) => AGGREGATES[name]);
    sql = EVENT_WITH_ORG.replace('SELECT e.*,', ['SELECT e.*,', ...columns.map((column) => `${column},`)].join(' ')) + ' WHERE e.slug = $1';
    sqlByKey.set(key, sql);
  }
  return sql;
}

export async function eventDetail(db: Queryable, slug: string, include: ReadonlySet<string>): Promise<EventDetailRows | undefined> {
  const wanted = {
    fleets: include.has('fleets') || include.has('results'),
    races: include.has('races'),
    registrations: include.has('registrations'),
    results: include.has('results'),
    documents: include.has('documents'),
  };
  const row = (await db.query<EventWithOrgRow & Record<string, unknown>>(detailSql(wanted), [slug.toLowerCase()])).rows[0];
  if (!row) return undefined;
  const { fleets_json, races_json, registrations_json, results_json, documents_json, ...event } = row;
  const detail: EventDetailRows = { event: event as EventWithOrgRow };
  if (wanted.fleets) detail.fleets = hydrate<FleetRow>(fleets_json, ['created_at']);
  if (wanted.races) detail.races = hydrate<RaceRow>(races_json, ['scheduled_start', 'actual_start', 'progress_at', 'created_at']);
  if (wanted.registrations) detail.registrations = hydrate<RegistrationDetailRow>(registrations_json, ['registration_time', 'updated_at']);
  if (wanted.results) detail.results = hydrate<RaceResultsRow>(results_json, ['occurred_at']);
  if (wanted.documents) detail.documents = hydrate<DocumentRow>(documents_json, ['published_at', 'updated_at', 'withdrawn_at']);
  return detail;
}

/**
 * Rows of a json_agg column as the row type: null (no rows) is [], the named timestamp columns become
 * Dates (null stays null). pg hands json columns over parsed already.
 */
export function hydrate<Row>(aggregate: unknown, timestampColumns: readonly string[]): Row[] {
  if (aggregate === null || aggregate === undefined) return [];
  const rows = (typeof aggregate === 'string' ? JSON.parse(aggregate) : aggregate) as Record<string, unknown>[];
  for (const row of rows) {
    for (const column of timestampColumns) {
      const value = row[column];
      if (typeof value === 'string') row[column] = new Date(value);
    }
  }
  return rows as Row[];
}
