/**
 * Who may use the safety tally of a regatta: the shore team (members of the organizing club through a
 * session or key, and committee devices enrolled for the regatta) for any boat, and an entrant (a
 * signed-in user) for the boats she entered. The CSV is the members'; settings and closing a day need
 * a capture role (they decide penalties in the results).
 */
import type { ServiceContext } from '@regatta/runtime';
import { problem } from '@regatta/http';
import { callerFor, regattaOf, type CallerIdentity } from '../../../app/caller.js';
import type { CaptureEvent } from '../../../domain/regatta.js';
import type { TallyRecorder } from '../domain/tally.js';

export interface TallyCaller {
  event: CaptureEvent;
  recorder: TallyRecorder;
  userId: string | null;
  /** Members and committee devices: any boat of the regatta, the committee board. */
  shoreTeam: boolean;
  /** Members only: settings, closing a day, the CSV with contacts. */
  member: boolean;
}

/** `any`: shore team or entrant; `shore`: members and devices; `member`: people with a capture role only. */
export type TallyNeed = 'any' | 'shore' | 'member';

export async function tallyCallerFor(context: ServiceContext, identity: CallerIdentity, slug: string | undefined, need: TallyNeed = 'any'): Promise<TallyCaller> {
  const event = identity.deviceTokenHash || need !== 'any' ? undefined : await regattaOf(context, slug);
  if (!event || (identity.userId && identity.roles[event.organizationId])) {
    // The shore team is any member of the club (safety, not scoring); settings and closing a day,
    // which put penalties into the results, need a capture role (admin, race officer, scorer).
    const caller = await callerFor(context, identity, slug, need === 'member' ? { manage: true, need: 'record' } : { need: 'read' });
    return { event: caller.event, recorder: caller.recorder, userId: caller.userId, shoreTeam: true, member: caller.device === null };
  }
  if (event.status === 'draft') throw problem('not_found', 'No regatta has this slug.');
  if (!identity.userId) throw problem('not_a_member', 'The safety tally needs a signed-in entrant, a member of the organizing club or an enrolled committee device.');
  return { event, recorder: { kind: 'entrant', id: identity.userId, label: 'Entrant' }, userId: identity.userId, shoreTeam: false, member: false };
}
