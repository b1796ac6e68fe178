/**
 * This browser and web push: whether it can take notifications at all, the console's service worker
 * (the committee app's Workbox worker, which carries the push handler), and subscribing with the
 * notifications service's VAPID key. Each step that fails says which, so the page can explain it.
 */
import { api, unwrap, ApiError } from '../../api/client';
import { registerOffline } from '../committee/pwa';

export type PushStep = 'denied' | 'dismissed' | 'worker' | 'subscribe';

/** A step of subscribing in the browser that failed (permission, worker, push service). */
export class BrowserPushError extends Error {
  readonly step: PushStep;
  constructor(step: PushStep, cause?: unknown) {
    super(cause instanceof Error ? `${cause.name}: ${cause.message}` : step);
    this.name = 'BrowserPushError';
    this.step = step;
  }
}

/** A secure page with service workers, the Push API and notifications (a phone's browser tab may lack them). */
export function pushSupported(): boolean {
  return globalThis.isSecureContext === true && 'serviceWorker' in navigator && 'PushManager' in globalThis && 'Notification' in globalThis;
}

const SCOPE = '/console/';
const WORKER_START_MS = 15_000;

/** This browser's subscription, if the console's worker holds one (without registering the worker). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Whether this browser gets the signed-in person's notifications: it holds a subscription, and the
 * API says that subscription pushes to this person (not to someone else who signed in here before,
 * nor one the push service has since declared gone).
 */
export async function pushesToMe(): Promise<boolean> {
  const subscription = await currentSubscription();
  if (!subscription) return false;
  try {
    await unwrap(api.GET('/api/v1/notifications/push/subscriptions', { params: { query: { endpoint: subscription.endpoint } } }));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  registerOffline();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new BrowserPushError('worker')), WORKER_START_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const held = subscription.options.applicationServerKey;
  if (!held) return false;
  const bytes = new Uint8Array(held);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

/**
 * Asks for permission, subscribes with the service's key (a subscription made with an older key is
 * replaced) and registers it with the API. A refusal of the API leaves no subscription behind.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new BrowserPushError(permission === 'denied' ? 'denied' : 'dismissed');
  const registration = await workerRegistration();
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (cause) {
    throw new BrowserPushError('subscribe', cause);
  }
  const { endpoint, keys } = subscription.toJSON();
  try {
    await unwrap(api.POST('/api/v1/notifications/push/subscriptions', { body: { endpoint: endpoint ?? '', keys: { p256dh: keys?.['p256dh'] ?? '', auth: keys?.['auth'] ?? '' } } }));
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
}

/** Removes this browser's subscription from the API (already gone there is fine) and from the browser. */
export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await unwrap(api.DELETE('/api/v1/notifications/push/subscriptions', { params: { query: { endpoint: subscription.endpoint } } }));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}
