/**
 * Committee devices enrolled for one regatta. A member makes an enrolment: a one-time code, good
 * for CODE_LIFETIME_MS, shown as a QR code; a device redeems it for a token. Only hashes of the code
 * and the token are kept. The token records for the regatta only, from validFrom to validUntil
 * (default: now to the end of the regatta's last day in its time zone, at most MAX_VALIDITY_MS).
 */
import { createHash, randomBytes } from 'node:crypto';
import { zonedDay, zonedInstant } from './zoned-time.js';

export const CODE_LIFETIME_MS = 15 * 60_000;
export const MAX_VALIDITY_MS = 14 * 24 * 3_600_000;
export const DEVICE_TOKEN_PREFIX = 'rgd_';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: number): string {
  return [...randomBytes(bytes)].map((byte) => BASE58[byte % BASE58.length]).join('');
}

export const newEnrolmentCode = (): string => base58(24);
export const newDeviceToken = (): string => `${DEVICE_TOKEN_PREFIX}${base58(40)}`;
export const secretHash = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A committee device of one regatta (its code and token are kept only as hashes). */
export interface Device {
  id: string;
  eventId: string;
  label: string | null;
  enrolledBy: string;
  enrolledAt: Date;
  codeExpiresAt: Date;
  redeemedAt: Date | null;
  validFrom: Date;
  validUntil: Date;
  revokedAt: Date | null;
}

export type DeviceState = 'awaiting_redeem' | 'active' | 'expired' | 'revoked';

export interface DeviceWindow {
  validFrom: Date;
  validUntil: Date;
}

/** The window asked for, or the default; undefined when it is empty or longer than allowed. */
export function validityWindow(
  asked: { validFrom?: Date | undefined; validUntil?: Date | undefined },
  event: { endDate: Date; timeZone: string | null },
  now: Date,
): DeviceWindow | undefined {
  const validFrom = asked.validFrom ?? now;
  const endOfLastDay = zonedInstant(zonedDay(event.endDate, null), 24 * 3_600_000 - 1, event.timeZone);
  const validUntil = asked.validUntil ?? new Date(Math.min(endOfLastDay.getTime(), validFrom.getTime() + MAX_VALIDITY_MS));
  if (validUntil.getTime() <= validFrom.getTime() || validUntil.getTime() <= now.getTime()) return undefined;
  if (validUntil.getTime() - validFrom.getTime() > MAX_VALIDITY_MS) return undefined;
  return { validFrom, validUntil };
}

export function deviceState(
  device: { redeemedAt: Date | null; revokedAt: Date | null; codeExpiresAt: Date; validUntil: Date },
  now: Date,
): DeviceState {
  if (device.revokedAt) return 'revoked';
  if (device.validUntil.getTime() <= now.getTime()) return 'expired';
  if (!device.redeemedAt) return device.codeExpiresAt.getTime() <= now.getTime() ? 'expired' : 'awaiting_redeem';
  return 'active';
}

/** Whether a redeemed device may record now (not revoked, inside its window). */
export function mayRecord(device: { redeemedAt: Date | null; revokedAt: Date | null; validFrom: Date; validUntil: Date }, now: Date): boolean {
  return device.redeemedAt !== null && device.revokedAt === null && device.validFrom.getTime() <= now.getTime() && now.getTime() < device.validUntil.getTime();
}
