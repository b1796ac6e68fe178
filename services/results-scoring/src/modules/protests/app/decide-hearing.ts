/**
 * The protest committee records its decision (rule 65: facts found, conclusions, rules that apply)
 * and its consequences, and the scores change in the same transaction (app/apply-decision.ts): the
 * decision row, the result revisions that name it, the re-scored standings and the facts
 * (decision.published, results.updated, results.revised, standings.updated) commit together.
 * No consequences = no action. A decided case is not decided again (409 protest_decided; a request
 * to reopen is a new case).
 */
import { withTransaction } from '@regatta/db';
import { problem, type Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { Consequence } from '../domain/consequence.js';
import type { Protest } from '../domain/records.js';
import { insertDecision, setDecisionRevisions } from '../store/hearings.js';
import { transactionTime } from '../../shared/store/locks.js';
import { boatsInEvent, findProtest, setProtestStatus } from '../store/protests.js';
import { applyDecision } from './apply-decision.js';
import { assertOpen, committeeEvent, protestOf } from './protest-case.js';
import { decisionPublishedFact } from './protest-facts.js';
import { actorOf } from '../../results/app/unit-of-work/revision-builder.js';

export interface DecisionInput {
  factsFound: string;
  conclusions: string;
  rulesApplied: string[];
  /** raceId may be omitted when the case names one race. */
  consequences: (Omit<Consequence, 'raceId'> & { raceId?: string | undefined })[];
}

export async function decideHearing(context: ServiceContext, identity: Identity, request: { slug: string; protestId: string; requestId: string | undefined }, input: DecisionInput): Promise<Protest> {
  const event = await committeeEvent(context, identity, request.slug);
  const boats = await boatsInEvent(context.pool, event.id, input.consequences.map((c) => c.boatId));
  return withTransaction(context.pool, async (client) => {
    const protest = await protestOf(client, event, request.protestId, true);
    if (protest.status === 'decided') throw problem('protest_decided', `Protest ${protest.number} is already decided; lodge a request to reopen (rule 66).`);
    assertOpen(protest);
    const consequences = resolveRaces(protest, input.consequences, boats);
    const at = new Date();
    const actor = actorOf(identity);
    const decisionId = await insertDecision(client, { protestId: protest.id, eventId: event.id, factsFound: input.factsFound, conclusions: input.conclusions, rulesApplied: input.rulesApplied, consequences, at, userId: actor.userId, keyId: actor.keyId, via: actor.via });
    const revisions = await applyDecision(context, client, { event, decisionId, protestNumber: protest.number, consequences, actor, requestId: request.requestId });
    // The decision's time is its revisions' (taken after the fleet locks): asOf = decidedAt shows it.
    await setDecisionRevisions(client, decisionId, revisions, await transactionTime(client));
    await setProtestStatus(client, protest.id, 'decided');
    const decided = (await findProtest(client, event.id, protest.id))!;
    await context.publish(client, decisionPublishedFact({ event, requestId: request.requestId }, decided));
    return decided;
  });
}

/** Each consequence's race (one of the case's; the only one when omitted) and boat (entered in the event). */
function resolveRaces(protest: Protest, consequences: DecisionInput['consequences'], boats: ReadonlySet<string>): Consequence[] {
  const errors: { field: string; message: string }[] = [];
  const resolved = consequences.map((c, i) => {
    const raceId = c.raceId ?? (protest.raceIds.length === 1 ? protest.raceIds[0] : undefined);
    if (!raceId) errors.push({ field: `consequences.${i}.race`, message: 'the case names several races: say which one' });
    else if (!protest.raceIds.includes(raceId)) errors.push({ field: `consequences.${i}.race`, message: `race ${raceId} is not a race of this case` });
    if (!boats.has(c.boatId)) errors.push({ field: `consequences.${i}.boat`, message: `boat ${c.boatId} is not entered in this event` });
    return { ...c, raceId: raceId ?? '' };
  });
  if (errors.length > 0) throw problem('inapplicable_consequence', 'A consequence names a race or boat outside the case.', { errors });
  return resolved;
}
