/**
 * Committee devices: a member enrols one for the regatta (a one-time code shown as a QR code), the
 * device redeems the code for its token, members list and revoke them.
 */
import { randomUUID } from 'node:crypto';
import { withTransaction } from '@regatta/db';
import { problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { CODE_LIFETIME_MS, newDeviceToken, newEnrolmentCode, secretHash, validityWindow } from '../domain/devices.js';
import type { CaptureEvent } from '../domain/regatta.js';
import { devicesOfEvent, insertEnrolment, redeemCode, revokeDevice as revokeStored, type Device } from '../store/devices.js';
import { eventById } from '../store/regatta.js';
import type { Caller } from './caller.js';

/** Where the committee app opens for a regatta; the code rides in the fragment (never sent to a server). */
export const committeeAppPath = (slug: string) => `/console/committee/${encodeURIComponent(slug)}`;

export async function enrolDevice(
  context: ServiceContext,
  caller: Caller,
  input: { label?: string | undefined; validFrom?: Date | undefined; validUntil?: Date | undefined },
): Promise<{ device: Device; code: string; qrPayload: string }> {
  const now = new Date();
  const window = validityWindow(input, caller.event, now);
  if (!window) {
    throw problem('validation_failed', 'validUntil must be after validFrom and now, at most 14 days after validFrom.', {
      errors: [{ field: 'validUntil', message: 'must be after validFrom and now, at most 14 days after validFrom' }],
    });
  }
  const code = newEnrolmentCode();
  const device = await insertEnrolment(context.pool, {
    id: randomUUID(),
    eventId: caller.event.id,
    label: input.label ?? null,
    enrolledBy: caller.userId ?? caller.recorder.id,
    codeHash: secretHash(code),
    codeExpiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
    ...window,
  });
  return { device, code, qrPayload: `${committeeAppPath(caller.event.slug)}#enrol=${code}` };
}

export async function redeemEnrolment(context: ServiceContext, input: { code: string; label?: string | undefined }): Promise<{ device: Device; token: string; event: CaptureEvent }> {
  const token = newDeviceToken();
  return withTransaction(context.pool, async (client) => {
    const device = await redeemCode(client, secretHash(input.code), secretHash(token), input.label ?? null, new Date());
    const event = device ? await eventById(client, device.eventId) : undefined;
    if (!device || !event) throw problem('enrolment_not_found', 'This enrolment code is unknown, used, revoked or expired; ask for a new QR code.');
    return { device, token, event };
  });
}

export const listDevices = (context: ServiceContext, caller: Caller): Promise<Device[]> => devicesOfEvent(context.pool, caller.event.id);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function revokeDevice(context: ServiceContext, caller: Caller, deviceId: string | undefined): Promise<void> {
  if (!deviceId || !UUID.test(deviceId) || !(await revokeStored(context.pool, caller.event.id, deviceId, new Date()))) {
    throw problem('not_found', 'This regatta has no such device.');
  }
}
