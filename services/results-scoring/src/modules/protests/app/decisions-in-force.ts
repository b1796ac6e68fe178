/**
 * The protest room's answer to the results module's app/resources.ts decisionsInForce port: the committee's decisions on
 * a race, in the order they were made, re-applied to a new finishing record (domain/consequence.ts
 * reapplyDecisions, rule 66), with the protest numbers of the decisions that changed it.
 */
import type { ResultsResources } from '../../results/app/resources.js';
import { blankEntry, reapplyDecisions } from '../domain/consequence.js';
import { decisionsOnRace } from '../store/hearings.js';

export const decisionsInForce: ResultsResources['decisionsInForce'] = async (client, { eventId, raceId }, entries) => {
  const decisions = await decisionsOnRace(client, eventId, raceId);
  const kept = reapplyDecisions(entries, raceId, decisions, blankEntry);
  return { entries: kept.entries, keptCases: decisions.filter((d) => kept.applied.includes(d.decisionId)).map((d) => d.protestNumber) };
};
