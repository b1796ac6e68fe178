/** The signed-in person a settings route acts for (session or API key of a user). */
import type { Response } from 'express';
import { identityOf, problem } from '@regatta/http';

export function personOf(res: Response): string {
  const identity = identityOf(res);
  if (!identity.userId) throw problem('user_required', 'Notification settings belong to a signed-in person.');
  return identity.userId;
}
