/** Path parameters of the event routes. */
import type { Request } from 'express';

export const slugParam = (req: Request): string => String(req.params['slug'] ?? '');
export const registrationIdParam = (req: Request): string => String(req.params['registrationId'] ?? '');
