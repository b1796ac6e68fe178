/**
 * results.v1: a fleet's results posted (with the protest time limit) and made official reach the
 * fleet's entrants; a hearing scheduled or moved, and the decision, reach the parties (the boats of
 * the case); a protest lodged reaches the organizing club's members.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact, type FactType } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import { fleetLabel, notifyBoats, notifyEntrants, notifyOrganizers } from '../app/decide.js';
import { recordCaseParties } from '../app/project.js';
import type { NotificationsContext } from '../app/resources.js';

type Stamp = Parameters<typeof timestampDate>[0];

/**
 * Scores, standings and imports change pages, not inboxes; a withdrawn protest closes quietly. Most
 * of results.v1 is these (every submission is results.updated and standings.updated), so they are
 * acknowledged without a transaction; each is also a no-op case of the switch below.
 */
export const IGNORED_RESULTS_FACTS = [
  'results.updated',
  'results.published',
  'race.started',
  'race.completed',
  'standings.updated',
  'series.standings.updated',
  'results.revised',
  'split.standings.updated',
  'protest.withdrawn',
  'fleet.split',
  'regatta.imported',
] as const satisfies readonly FactType[];
const iso = (value: Stamp | undefined) => (value ? timestampDate(value).toISOString() : new Date().toISOString());

export function resultsConsumer(context: NotificationsContext): ConsumerDefinition {
  const schema = context.config.DB_SCHEMA;
  return {
    name: 'results',
    topics: [TOPICS.results],
    ignores: IGNORED_RESULTS_FACTS,
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.results]);
      switch (payload.case) {
        case 'resultsPosted': {
          const posted = payload.value;
          const deadlines = posted.races.flatMap((race) => (race.protestDeadline ? [timestampDate(race.protestDeadline).getTime()] : []));
          await notifyEntrants(
            client,
            schema,
            { id: fact.id, eventId: posted.eventId },
            { kind: 'results', stage: 'posted', fleet: await fleetLabel(client, posted.fleetId), at: iso(posted.postedAt), protestDeadline: deadlines.length > 0 ? new Date(Math.max(...deadlines)).toISOString() : null },
            posted.fleetId,
          );
          return;
        }
        case 'resultsOfficial': {
          const official = payload.value;
          await notifyEntrants(
            client,
            schema,
            { id: fact.id, eventId: official.eventId },
            { kind: 'results', stage: 'official', fleet: await fleetLabel(client, official.fleetId), at: iso(official.officialAt), protestDeadline: null },
            official.fleetId,
          );
          return;
        }
        case 'protestLodged': {
          const lodged = payload.value;
          await recordCaseParties(client, lodged.protestId, lodged.eventId, [...(lodged.protestorBoatId ? [lodged.protestorBoatId] : []), ...lodged.protesteeBoatIds]);
          await notifyOrganizers(client, schema, { id: fact.id, eventId: lodged.eventId }, { kind: 'organizer_protest', number: lodged.number, type: lodged.type, at: iso(lodged.lodgedAt) });
          return;
        }
        case 'hearingScheduled': {
          const hearing = payload.value;
          const parties = await recordCaseParties(client, hearing.protestId, hearing.eventId, hearing.partyBoatIds);
          await notifyBoats(
            client,
            schema,
            { id: fact.id, eventId: hearing.eventId },
            { kind: 'hearing', stage: 'scheduled', number: hearing.number, startsAt: hearing.startsAt ? iso(hearing.startsAt) : null, room: hearing.room || null, decision: null },
            parties,
          );
          return;
        }
        case 'decisionPublished': {
          const decision = payload.value;
          const parties = await recordCaseParties(client, decision.protestId, decision.eventId, decision.consequences.map((consequence) => consequence.boatId));
          await notifyBoats(
            client,
            schema,
            { id: fact.id, eventId: decision.eventId },
            { kind: 'hearing', stage: 'decided', number: decision.number, startsAt: null, room: null, decision: decision.conclusions || null },
            parties,
          );
          return;
        }
        // IGNORED_RESULTS_FACTS (a message without a fact-type header still arrives here).
        case 'resultsUpdated':
        case 'resultsPublished':
        case 'raceStarted':
        case 'raceCompleted':
        case 'standingsUpdated':
        case 'seriesStandingsUpdated':
        case 'resultsRevised':
        case 'splitStandingsUpdated':
        case 'protestWithdrawn':
        case 'fleetSplit':
        case 'regattaImported':
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
