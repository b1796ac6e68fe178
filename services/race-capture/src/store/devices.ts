/** Committee devices of a regatta: enrolment codes and device tokens, kept only as hashes. */
import type { Queryable } from '@regatta/db';
import type { Device } from '../domain/devices.js';

export type { Device };

export interface DeviceRow {
  id: string;
  event_id: string;
  label: string | null;
  enrolled_by: string;
  enrolled_at: Date;
  code_expires_at: Date;
  redeemed_at: Date | null;
  valid_from: Date;
  valid_until: Date;
  revoked_at: Date | null;
}

const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  eventId: row.event_id,
  label: row.label,
  enrolledBy: row.enrolled_by,
  enrolledAt: row.enrolled_at,
  codeExpiresAt: row.code_expires_at,
  redeemedAt: row.redeemed_at,
  validFrom: row.valid_from,
  validUntil: row.valid_until,
  revokedAt: row.revoked_at,
});

const COLUMNS = 'id, event_id, label, enrolled_by, enrolled_at, code_expires_at, redeemed_at, valid_from, valid_until, revoked_at';

export async function insertEnrolment(
  client: Queryable,
  device: { id: string; eventId: string; label: string | null; enrolledBy: string; codeHash: string; codeExpiresAt: Date; validFrom: Date; validUntil: Date },
): Promise<Device> {
  const { rows } = await client.query<DeviceRow>(
    `INSERT INTO capture_devices (id, event_id, label, enrolled_by, code_hash, code_expires_at, valid_from, valid_until)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [device.id, device.eventId, device.label, device.enrolledBy, device.codeHash, device.codeExpiresAt, device.validFrom, device.validUntil],
  );
  return toDevice(rows[0]!);
}

/** Redeems a code once: only an unredeemed, unrevoked code before its expiry. */
export async function redeemCode(client: Queryable, codeHash: string, tokenHash: string, label: string | null, now: Date): Promise<Device | undefined> {
  const { rows } = await client.query<DeviceRow>(
    `UPDATE capture_devices SET token_hash = $2, redeemed_at = $4, label = COALESCE($3, label)
      WHERE code_hash = $1 AND redeemed_at IS NULL AND revoked_at IS NULL AND code_expires_at > $4 AND valid_until > $4
      RETURNING ${COLUMNS}`,
    [codeHash, tokenHash, label, now],
  );
  return rows[0] ? toDevice(rows[0]) : undefined;
}

export async function deviceByTokenHash(q: Queryable, tokenHash: string): Promise<Device | undefined> {
  const { rows } = await q.query<DeviceRow>(`SELECT ${COLUMNS} FROM capture_devices WHERE token_hash = $1`, [tokenHash]);
  return rows[0] ? toDevice(rows[0]) : undefined;
}

export async function devicesOfEvent(q: Queryable, eventId: string): Promise<Device[]> {
  const { rows } = await q.query<DeviceRow>(`SELECT ${COLUMNS} FROM capture_devices WHERE event_id = $1 ORDER BY enrolled_at DESC, id`, [eventId]);
  return rows.map(toDevice);
}

/** Revokes the device (once; again changes nothing). False when the regatta has no such device. */
export async function revokeDevice(client: Queryable, eventId: string, deviceId: string, now: Date): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE capture_devices SET revoked_at = COALESCE(revoked_at, $3) WHERE event_id = $1 AND id = $2`,
    [eventId, deviceId, now],
  );
  return rowCount === 1;
}
