/**
 * Committee device routes: race officers, scorers and admins enrol (QR payload), list and revoke devices of a regatta; a device
 * redeems its enrolment code without credentials (the code is the secret, good once).
 */
import type { Request, Response } from 'express';
import { identityOf, parseInput, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { callerFor } from '../app/caller.js';
import { enrolDevice, listDevices, redeemEnrolment, revokeDevice } from '../app/devices.js';
import { enrolmentBody, redeemBody } from './capture.schemas.js';
import { deviceView } from './capture.views.js';

const param = (req: Request, name: string): string | undefined => {
  const value = req.params[name];
  return typeof value === 'string' ? value : undefined;
};

export function deviceRoutes(context: ServiceContext): RouteDefinition[] {
  const manager = (req: Request, res: Response) => callerFor(context, identityOf(res), param(req, 'slug'), { manage: true });

  const enrol = async (req: Request, res: Response) => {
    const who = await manager(req, res);
    const body = parseInput(enrolmentBody, req.body ?? {}, 'body');
    const { device, code, qrPayload } = await enrolDevice(context, who, body);
    res.status(201).json({
      data: {
        id: device.id,
        code,
        qrPayload,
        codeExpiresAt: device.codeExpiresAt.toISOString(),
        validFrom: device.validFrom.toISOString(),
        validUntil: device.validUntil.toISOString(),
        label: device.label,
      },
    });
  };

  const redeem = async (req: Request, res: Response) => {
    const body = parseInput(redeemBody, req.body, 'body');
    const { device, token, event } = await redeemEnrolment(context, body);
    res.status(201).json({
      data: {
        deviceId: device.id,
        token,
        eventSlug: event.slug,
        eventName: event.name,
        validFrom: device.validFrom.toISOString(),
        validUntil: device.validUntil.toISOString(),
        label: device.label,
      },
    });
  };

  const list = async (req: Request, res: Response) => {
    const devices = await listDevices(context, await manager(req, res));
    const now = new Date();
    res.json({ data: devices.map((device) => deviceView(device, now)) });
  };

  const revoke = async (req: Request, res: Response) => {
    await revokeDevice(context, await manager(req, res), param(req, 'deviceId'));
    res.status(204).end();
  };

  return [
    { method: 'post', path: '/api/v1/capture/devices', handler: redeem },
    { method: 'post', path: '/api/v1/events/:slug/capture/enrolments', handler: enrol },
    { method: 'get', path: '/api/v1/events/:slug/capture/devices', handler: list },
    { method: 'delete', path: '/api/v1/events/:slug/capture/devices/:deviceId', handler: revoke },
  ];
}
