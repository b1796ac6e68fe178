/** The session request alone (no React), so the early boot script can start it too. */
import type { Schemas } from '@regatta/client';
import { ApiError } from './problem';
import { api, unwrap } from './client';

export type Session = { user: Schemas['IdentityUser']; memberships: Schemas['IdentityMembership'][] };

/** The signed-in person and their organizations; null when nobody is signed in (401). */
export async function fetchSession(): Promise<Session | null> {
  try {
    const body = await unwrap(api.GET('/api/v1/auth/session'));
    return body.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
