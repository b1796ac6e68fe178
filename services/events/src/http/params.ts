/** Path parameters of the event routes. */
import type { Request } from 'express';

export const slugParam = (req: Request): string => String(req.params['slug'] ?? '');
export const registrationIdParam = (req: Request): string => String(req.params['registrationId'] ?? '');
export const fleetIdParam = (req: Request): string => String(req.params['fleetId'] ?? '');
export const raceIdParam = (req: Request): string => String(req.params['raceId'] ?? '');
export const documentIdParam = (req: Request): string => String(req.params['documentId'] ?? '');
export const questionIdParam = (req: Request): string => String(req.params['questionId'] ?? '');
export const waiverIdParam = (req: Request): string => String(req.params['waiverId'] ?? '');
