import type { Request } from 'express';
import { notFound } from '@regatta/http';
import { isUuid } from '../domain/boats.js';

/** A path id that is not a uuid names nothing, so it is the same 404 as an unknown one. */
export function idParam(req: Request, what: string): string {
  const id = req.params['id'];
  if (typeof id !== 'string' || !isUuid(id)) throw notFound(what);
  return id.toLowerCase();
}
