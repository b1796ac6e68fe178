import type { Request } from 'express';

/** A single path parameter as a string ('' when absent or repeated). */
export function param(req: Request, name: string): string {
  const value = (req.params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}
