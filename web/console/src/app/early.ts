/**
 * Requests the boot script starts while the console's code is still downloading (on a slow link the
 * code takes most of the first load): the session and, on an organization's regatta list, its first
 * page. The route loaders take them from here instead of asking again; each is taken once, so a later
 * visit asks afresh. A refusal travels with the promise to whoever takes it.
 */
const started = new Map<string, Promise<unknown>>();

export function startEarly(key: string, request: () => Promise<unknown>): void {
  const promise = request();
  promise.catch(() => undefined);
  started.set(key, promise);
}

export function takeEarly<T>(key: string): Promise<T> | undefined {
  const promise = started.get(key);
  started.delete(key);
  return promise as Promise<T> | undefined;
}

/** Drops what the first screen did not take. */
export function discardEarly(): void {
  started.clear();
}
