/**
 * Capture routes: signals, finish records (one, a device's queue, or CSV finish times), the capture
 * log and reconciliation of a race, a device's day context, and the server clock. Race officers,
 * scorers and admins of the regatta's organization and devices enrolled for it record; any member
 * reads the log and reconciliation back (app/caller.ts decides).
 */
import type { Request, Response } from 'express';
import { identityOf, parseInput, requestIdOf, type RouteDefinition } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import { callerFor } from '../app/caller.js';
import { importFinishTimes } from '../app/import-finish-times.js';
import { captureContext, captureLog, finishReconciliation } from '../app/read-capture.js';
import { syncRecords } from '../app/sync-records.js';
import { takeFinish } from '../app/take-finish.js';
import { takeSignal } from '../app/take-signal.js';
import { finishBody, finishTimesBody, reconciliationQuery, signalBody, syncBody } from './capture.schemas.js';
import { contextView, finishView, logView, reconciliationView, signalView, syncView } from './capture.views.js';

const param = (req: Request, name: string): string | undefined => {
  const value = req.params[name];
  return typeof value === 'string' ? value : undefined;
};

const pathOf = (req: Request) => req.originalUrl.split('?')[0]!;

export function captureRoutes(context: ServiceContext): RouteDefinition[] {
  const caller = (req: Request, res: Response) => callerFor(context, identityOf(res), param(req, 'slug'));
  const reader = (req: Request, res: Response) => callerFor(context, identityOf(res), param(req, 'slug'), { need: 'read' });

  const recordSignal = async (req: Request, res: Response) => {
    const who = await caller(req, res);
    const body = parseInput(signalBody, req.body, 'body');
    const { outcome, signal } = await takeSignal(context, who, body, requestIdOf(req));
    res.status(outcome === 'recorded' ? 201 : 200).json({ data: signalView(signal), serverTime: new Date().toISOString() });
  };

  const recordFinish = async (req: Request, res: Response) => {
    const who = await caller(req, res);
    const body = parseInput(finishBody, req.body, 'body');
    const { outcome, record } = await takeFinish(context, who, body, requestIdOf(req));
    res.status(outcome === 'recorded' ? 201 : 200).json({ data: finishView(record), serverTime: new Date().toISOString() });
  };

  const sync = async (req: Request, res: Response) => {
    const who = await caller(req, res);
    const body = parseInput(syncBody, req.body, 'body');
    const results = await syncRecords(context, who, body.records, requestIdOf(req));
    res.json(syncView(results, pathOf(req), requestIdOf(req)));
  };

  const finishTimes = async (req: Request, res: Response) => {
    const who = await caller(req, res);
    const body = parseInput(finishTimesBody, req.body, 'body');
    const results = await importFinishTimes(context, who, body, requestIdOf(req));
    res.json(syncView(results, pathOf(req), requestIdOf(req)));
  };

  const log = async (req: Request, res: Response) => {
    const who = await reader(req, res);
    res.json({ data: logView(await captureLog(context, who, param(req, 'raceId'))) });
  };

  const reconciliation = async (req: Request, res: Response) => {
    const who = await reader(req, res);
    const { toleranceMs } = parseInput(reconciliationQuery, req.query, 'query');
    const { raceId, reconciliation: result, recorders, voided } = await finishReconciliation(context, who, param(req, 'raceId'), toleranceMs);
    res.json({ data: reconciliationView(raceId, result, recorders, voided) });
  };

  const dayContext = async (req: Request, res: Response) => {
    res.json({ data: contextView(await captureContext(context, await caller(req, res))) });
  };

  const time = (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ serverTime: new Date().toISOString() });
  };

  return [
    { method: 'get', path: '/api/v1/capture/time', handler: time },
    { method: 'get', path: '/api/v1/events/:slug/capture/context', handler: dayContext },
    { method: 'post', path: '/api/v1/events/:slug/capture/sync', handler: sync },
    { method: 'post', path: '/api/v1/events/:slug/capture/signals', handler: recordSignal },
    { method: 'post', path: '/api/v1/events/:slug/capture/finishes', handler: recordFinish },
    { method: 'post', path: '/api/v1/events/:slug/capture/finish-times', handler: finishTimes },
    { method: 'get', path: '/api/v1/events/:slug/races/:raceId/capture/log', handler: log },
    { method: 'get', path: '/api/v1/events/:slug/races/:raceId/capture/reconciliation', handler: reconciliation },
  ];
}
