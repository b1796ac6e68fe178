/** The organizer's rules of the tally: the daily sign-in deadline and what a missed sign-out or sign-in costs. */
import type { ServiceContext } from '@regatta/runtime';
import type { TallyPolicy } from '../domain/tally.js';
import { policyOf, savePolicy } from '../store/tally.js';
import type { TallyCaller } from './tally-caller.js';

export const tallySettings = (context: ServiceContext, caller: TallyCaller) => policyOf(context.pool, caller.event.id);

export async function setTallySettings(context: ServiceContext, caller: TallyCaller, policy: TallyPolicy) {
  await savePolicy(context.pool, caller.event.id, policy, caller.recorder.id);
  return policyOf(context.pool, caller.event.id);
}
