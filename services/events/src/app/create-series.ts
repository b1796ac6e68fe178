/** POST /series: regattas of one or more organizations scored together; needs the admin role. */
import { randomUUID } from 'node:crypto';
import type { SeriesScoringRule } from '@regatta/contracts';
import { withTransaction } from '@regatta/db';
import { problem, validationFailed, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { SLUG_ATTEMPTS, slugBaseWithYear, slugCandidate } from '@regatta/contracts';
import { eventByRef } from '../store/events.js';
import type { EventWithOrgRow } from '../store/rows.js';
import { insertSeries, seriesBySlug } from '../store/series.js';
import { isUniqueViolation } from '../store/sql.js';
import { actingUser, mayRead, orgAccessOf, requireAdmin } from './access.js';
import { seriesCreatedFact } from './facts.js';
import type { LazyInput } from './input.js';
import { namedOrganization } from './organizations.js';
import { span, type SeriesWithEvents } from './series-events.js';

export interface CreateSeriesInput {
  organization: string;
  name: string;
  description?: string | null | undefined;
  year: number;
  events: string[];
  scoringRule: SeriesScoringRule;
  bestOf?: number | null | undefined;
}

/** The series' events in the order given: unknown, invisible and repeated ones are named per index. */
export async function seriesEvents(context: ServiceContext, identity: Identity, input: Pick<CreateSeriesInput, 'events' | 'bestOf'>): Promise<EventWithOrgRow[]> {
  const problems: { field: string; message: string }[] = [];
  const events: EventWithOrgRow[] = [];
  for (const [index, ref] of input.events.entries()) {
    const event = await eventByRef(context.pool, ref);
    if (!event || !mayRead(identity, event)) {
      problems.push({ field: `events.${index}`, message: `no event ${ref}` });
      continue;
    }
    if (events.some((other) => other.id === event.id)) {
      problems.push({ field: `events.${index}`, message: `${ref} is listed twice` });
      continue;
    }
    events.push(event);
  }
  // bestOf (optional, either rule): only the best N regattas of each boat count.
  if (input.bestOf && input.bestOf > input.events.length)
    problems.push({ field: 'bestOf', message: `must not exceed the number of events (${input.events.length})` });
  if (problems.length > 0) {
    if (problems.every((entry) => entry.field.startsWith('events.')))
      throw problem('unknown_event', 'Some events of the series are unknown or repeated.', { errors: problems });
    throw validationFailed(problems);
  }
  return events;
}

export async function createSeries(context: ServiceContext, identity: Identity, readInput: LazyInput<CreateSeriesInput>, requestId: string): Promise<SeriesWithEvents> {
  const userId = actingUser(identity);
  const input = readInput();
  const org = await namedOrganization(context, input.organization);
  requireAdmin(identity, orgAccessOf(org));
  const events = await seriesEvents(context, identity, input);
  const eventIds = events.map((event) => event.id);

  const base = slugBaseWithYear(input.name, input.year);
  for (let attempt = 1; attempt <= SLUG_ATTEMPTS; attempt += 1) {
    try {
      const row = await withTransaction(context.pool, async (client) => {
        const inserted = await insertSeries(
          client,
          {
            id: randomUUID(),
            organization_id: org.id,
            slug: slugCandidate(base, attempt),
            name: input.name,
            description: input.description ?? null,
            year: input.year,
            scoring_rule: input.scoringRule,
            best_of: input.bestOf ?? null,
            created_by: userId,
          },
          eventIds,
        );
        await context.publish(client, seriesCreatedFact(inserted, eventIds, requestId));
        return inserted;
      });
      const series = (await seriesBySlug(context.pool, row.slug))!;
      return { series, events, span: span(events) };
    } catch (error) {
      if (!isUniqueViolation(error, 'series_slug')) throw error;
    }
  }
  throw problem('slug_taken', `No free slug was found for ${input.name}.`);
}
