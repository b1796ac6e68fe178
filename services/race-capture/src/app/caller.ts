/**
 * Who may capture for a regatta: members (member or admin) of its organization, through a session
 * or an API key, and committee devices enrolled for that regatta, inside their days and not revoked.
 * Devices may not manage devices. The regatta is looked up by slug (waiting briefly for one just
 * created elsewhere to reach the projection).
 */
import { awaitProjection, type ServiceContext } from '@regatta/runtime';
import { problem, type Identity } from '@regatta/http';
import { mayRecord } from '../domain/devices.js';
import type { Recorder } from '../domain/records.js';
import type { CaptureEvent } from '../domain/regatta.js';
import { deviceByTokenHash, type Device } from '../store/devices.js';
import { eventBySlug } from '../store/regatta.js';

/** How long a request waits for a regatta created a moment ago to reach this service. */
export const EVENT_WAIT_MS = 500;

export interface Caller {
  event: CaptureEvent;
  recorder: Recorder;
  /** The person behind the request (absent for devices). */
  userId: string | null;
  device: Device | null;
}

export type CallerIdentity = Pick<Identity, 'via' | 'userId' | 'keyId' | 'roles' | 'deviceTokenHash'>;

export async function regattaOf(context: ServiceContext, slug: string | undefined): Promise<CaptureEvent> {
  const event = slug === undefined ? undefined : await awaitProjection(context, () => eventBySlug(context.pool, slug), EVENT_WAIT_MS);
  if (!event) throw problem('not_found', 'No regatta has this slug.');
  return event;
}

/** The caller as a recorder of the regatta, or the refusal. `manage`: enrolling and revoking devices. */
export async function callerFor(
  context: ServiceContext,
  identity: CallerIdentity,
  slug: string | undefined,
  options: { manage?: boolean } = {},
): Promise<Caller> {
  if (identity.deviceTokenHash) {
    const device = await deviceByTokenHash(context.pool, identity.deviceTokenHash);
    if (!device || !mayRecord(device, new Date())) throw problem('invalid_device_token', 'This device token is unknown, revoked, or outside the days it was enrolled for.');
    const event = await regattaOf(context, slug);
    if (device.eventId !== event.id) throw problem('device_not_allowed', 'This device is enrolled for another regatta.');
    if (options.manage) throw problem('device_not_allowed', 'A committee device cannot enrol or revoke devices; a member of the club does.');
    return { event, device, userId: null, recorder: { kind: 'device', id: device.id, label: device.label ?? 'Committee device' } };
  }
  const event = await regattaOf(context, slug);
  if (!identity.userId || !identity.roles[event.organizationId]) {
    // A draft regatta does not exist for those outside its organization.
    if (event.status === 'draft') throw problem('not_found', 'No regatta has this slug.');
    throw problem('not_a_member', 'Recording for this regatta needs membership of its organization (or an enrolled committee device).');
  }
  const kind = identity.via === 'key' ? 'key' : 'member';
  return { event, device: null, userId: identity.userId, recorder: { kind, id: identity.userId, label: kind === 'key' ? 'API key' : 'Member' } };
}
