/**
 * The protests of an event as the caller may see them (domain/protests/visibility.ts): the committee
 * all of them in full; a competitor those of her boats in full (the others as the notice board has
 * them); the public the notice board (cases with a hearing or a decision, no incident, no contacts).
 */
import type { Identity } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { Protest } from '../domain/records.js';
import { viewOf, type ProtestView } from '../domain/visibility.js';
import { listProtests } from '../store/protests.js';
import { visibleEvent } from '../../shared/app/find-event.js';
import { viewerOf } from './protest-access.js';

export interface VisibleProtest {
  protest: Protest;
  view: ProtestView;
  /** Contact details are shown to the committee and to whoever lodged the case. */
  showContact: boolean;
}

export async function listVisibleProtests(context: ServiceContext, identity: Identity, slug: string, filter: { race?: string | undefined }): Promise<VisibleProtest[]> {
  const event = await visibleEvent(context, identity, slug);
  const viewer = await viewerOf(context.pool, identity, event);
  const protests = await listProtests(context.pool, event.id, filter.race);
  return protests.flatMap((protest) => {
    const view = viewOf(
      {
        protestorBoatId: protest.protestorBoatId,
        protesteeBoatIds: protest.protesteeBoatIds,
        hearingPartyBoatIds: protest.hearing?.partyBoatIds ?? [],
        hasHearing: protest.hearing !== null,
        decided: protest.decision !== null,
        lodgedByUserId: protest.lodgedByUserId,
      },
      viewer,
    );
    if (!view) return [];
    return [{ protest, view, showContact: viewer.member || (viewer.userId !== null && viewer.userId === protest.lodgedByUserId) }];
  });
}
