/**
 * The console talks to the platform only through @regatta/client, on the gateway's own origin: the
 * browser sends the HttpOnly session cookie itself, so no credential is kept in script memory or in
 * storage. `unwrap` turns the client's { data, error, response } into data or a thrown ApiError,
 * which TanStack Query and the forms understand.
 */
import { createRegattaClient, type RegattaClient } from '@regatta/client';
import { ApiError, networkError, toApiError } from './problem';

export const api: RegattaClient = createRegattaClient(globalThis.location?.origin ?? 'http://localhost', {
  fetch: (input: Request) => fetch(input, { credentials: 'same-origin' }),
});

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Awaits a client call; resolves with its data, rejects with an ApiError (network failures too). */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch (cause) {
    throw networkError(cause);
  }
  const { data, error, response } = answer;
  if (!response.ok) throw toApiError(response.status, error, response.headers);
  return data as T;
}

export { ApiError };
