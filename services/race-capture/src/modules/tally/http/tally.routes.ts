/**
 * The safety tally's routes: sign-outs and sign-ins (shore team or entrant), the committee board of
 * a day, an entrant's own boats, the organizer's settings, closing a day, and the day's CSV.
 */
import type { Request, Response } from 'express';
import { identityOf, parseInput, problem, requestIdOf, type RouteDefinition } from '@regatta/http';
import { sendExport } from '@regatta/exports';
import type { ServiceContext } from '@regatta/runtime';
import { closeTallyDay } from '../app/close-day.js';
import { tallyBoard, tallyExport } from '../app/read-tally.js';
import { recordMovement } from '../app/record-movement.js';
import { tallyCallerFor, type TallyNeed } from '../app/tally-caller.js';
import { setTallySettings, tallySettings } from '../app/tally-settings.js';
import { dayParams, dayQuery, movementBody, settingsBody } from './tally.schemas.js';
import { boardView, movementView, policyView } from './tally.views.js';

const param = (req: Request, name: string): string | undefined => {
  const value = req.params[name];
  return typeof value === 'string' ? value : undefined;
};

export function tallyRoutes(context: ServiceContext): RouteDefinition[] {
  const caller = (req: Request, res: Response, need: TallyNeed) => tallyCallerFor(context, identityOf(res), param(req, 'slug'), need);
  const noStore = (res: Response) => res.set('Cache-Control', 'private, no-store');

  const move = async (req: Request, res: Response) => {
    const who = await caller(req, res, 'any');
    const body = parseInput(movementBody, req.body, 'body');
    const { outcome, movement } = await recordMovement(context, who, body);
    res.status(outcome === 'recorded' ? 201 : 200).json({ data: movementView(movement) });
  };

  const board = async (req: Request, res: Response) => {
    const who = await caller(req, res, 'shore');
    const { day } = parseInput(dayQuery, req.query, 'query');
    noStore(res).json({ data: boardView(await tallyBoard(context, who, day), { contacts: who.member }) });
  };

  const mine = async (req: Request, res: Response) => {
    const who = await caller(req, res, 'any');
    const { day } = parseInput(dayQuery, req.query, 'query');
    noStore(res).json({ data: boardView(await tallyBoard(context, who, day, { mine: true }), { contacts: who.userId !== null }) });
  };

  const readSettings = async (req: Request, res: Response) => {
    res.json({ data: policyView(await tallySettings(context, await caller(req, res, 'shore'))) });
  };

  const writeSettings = async (req: Request, res: Response) => {
    const who = await caller(req, res, 'member');
    const body = parseInput(settingsBody, req.body, 'body');
    res.json({ data: policyView(await setTallySettings(context, who, body)) });
  };

  const close = async (req: Request, res: Response) => {
    const who = await caller(req, res, 'member');
    // A path that cannot name a day names nothing: 404, as an unknown regatta.
    const parsed = dayParams.safeParse({ day: param(req, 'day') });
    if (!parsed.success) throw problem('not_found', 'No regatta day has this date (YYYY-MM-DD).');
    const { day } = parsed.data;
    const closed = await closeTallyDay(context, who, day, requestIdOf(req));
    res.status(201).json({
      data: {
        day: closed.day,
        closedAt: closed.closedAt.toISOString(),
        policy: policyView(closed.policy),
        misses: closed.misses.map((miss) => ({ registrationId: miss.registrationId, sailNumber: miss.sailNumber, fleetId: miss.fleetId, breach: miss.breach, raceIds: miss.raceIds })),
      },
    });
  };

  const csv = async (req: Request, res: Response) => {
    const who = await caller(req, res, 'shore');
    if (!who.member) throw problem('device_not_allowed', 'The tally with its contacts is for the members of the organizing club, not a committee device.');
    const { day } = parseInput(dayQuery, req.query, 'query');
    await sendExport(req, res, await tallyExport(context, who, day), 'csv');
  };

  return [
    { method: 'post', path: '/api/v1/events/:slug/tally/movements', handler: move },
    { method: 'get', path: '/api/v1/events/:slug/tally', handler: board },
    { method: 'get', path: '/api/v1/events/:slug/tally/mine', handler: mine },
    { method: 'get', path: '/api/v1/events/:slug/tally/settings', handler: readSettings },
    { method: 'put', path: '/api/v1/events/:slug/tally/settings', handler: writeSettings },
    { method: 'post', path: '/api/v1/events/:slug/tally/days/:day/close', handler: close },
    { method: 'get', path: '/api/v1/events/:slug/tally/export', handler: csv },
  ];
}
