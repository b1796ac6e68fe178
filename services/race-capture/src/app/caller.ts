/**
 * Who may capture for a regatta: people of its organization with a capture role (admin, race officer,
 * scorer: domain/capture-access.ts) through a session or an API key, and committee devices enrolled
 * for that regatta, inside their days and not revoked. Any member reads a race's log back. Devices
 * may not manage devices. A person's records carry their name (identity.v1 projection). The regatta
 * is looked up by slug (waiting briefly for one just created elsewhere to reach the projection).
 */
import { awaitProjection, type ServiceContext } from '@regatta/runtime';
import { problem, type Identity } from '@regatta/http';
import { captureRefusal, type CaptureNeed } from '../domain/capture-access.js';
import { mayRecord } from '../domain/devices.js';
import type { Recorder } from '../domain/records.js';
import type { CaptureEvent } from '../domain/regatta.js';
import { deviceByTokenHash, type Device } from '../store/devices.js';
import { userName } from '../store/projections/users.js';
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

/** The label of a person's records: their name (", API key" for a key), or the kind while the name is not known here yet. */
export function personLabel(kind: 'member' | 'key', name: string | undefined): string {
  if (name === undefined) return kind === 'key' ? 'API key' : 'Member';
  return kind === 'key' ? `${name} (API key)` : name;
}

/**
 * The caller as a recorder of the regatta, or the refusal. `manage`: enrolling and revoking devices;
 * `need`: `record` (default; also the day context and devices) or `read` (the log and reconciliation).
 */
export async function callerFor(
  context: ServiceContext,
  identity: CallerIdentity,
  slug: string | undefined,
  options: { manage?: boolean; need?: CaptureNeed } = {},
): Promise<Caller> {
  if (identity.deviceTokenHash) {
    const device = await deviceByTokenHash(context.pool, identity.deviceTokenHash);
    if (!device || !mayRecord(device, new Date())) throw problem('invalid_device_token', 'This device token is unknown, revoked, or outside the days it was enrolled for.');
    const event = await regattaOf(context, slug);
    if (device.eventId !== event.id) throw problem('device_not_allowed', 'This device is enrolled for another regatta.');
    if (options.manage) throw problem('device_not_allowed', 'A committee device cannot enrol or revoke devices; a race officer, scorer or admin of the club does.');
    return { event, device, userId: null, recorder: { kind: 'device', id: device.id, label: device.label ?? 'Committee device' } };
  }
  const event = await regattaOf(context, slug);
  const role = identity.userId ? identity.roles[event.organizationId] : undefined;
  const refusal = captureRefusal(role, options.need ?? 'record');
  if (refusal === 'not_a_member') {
    // A draft regatta does not exist for those outside its organization.
    if (event.status === 'draft') throw problem('not_found', 'No regatta has this slug.');
    throw problem('not_a_member', 'Recording for this regatta needs membership of its organization (or an enrolled committee device).');
  }
  if (refusal === 'capture_role_required') {
    throw problem(
      'capture_role_required',
      'Recording on the water and committee devices need the race officer, scorer or admin role in the regatta\'s organization; an admin of the club can give it (members page).',
      { extensions: { organizationId: event.organizationId, role: role ?? null } },
    );
  }
  const kind = identity.via === 'key' ? 'key' : 'member';
  const userId = identity.userId!;
  return { event, device: null, userId, recorder: { kind, id: userId, label: personLabel(kind, await userName(context.pool, userId)) } };
}
