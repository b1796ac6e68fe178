/**
 * Web push in the console's service worker: imported by the Workbox worker (vite.config.ts,
 * `importScripts`), built as a classic script of its own at /console/push-sw.js. A push shows a
 * notification with the payload's title and text; a click on it brings up the page it names, of the
 * console's origin only (push-message.ts). The texts come written in the person's language.
 */
import { pushNotice, sameOriginLink } from './push-message';

// The few service-worker types used here (the console's TypeScript program has the DOM's, not the worker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled?: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

worker.addEventListener('push', (event) => {
  const notice = pushNotice(event.data ? event.data.text() : null, worker.registration.scope);
  event.waitUntil(
    worker.registration.showNotification(notice.title, {
      body: notice.body,
      data: { url: notice.url, kind: notice.kind },
    }),
  );
});

/**
 * A window already showing the page comes to the front; else a new window opens it. Where the
 * browser will not open one, a console window of this worker is taken to the page instead.
 */
async function bringUp(url: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((client) => client.url === url);
  if (showing) {
    await showing.focus();
    return;
  }
  try {
    if (await worker.clients.openWindow(url)) return;
  } catch {
    // Not allowed to open a window here: fall through to a window of this worker.
  }
  for (const client of await worker.clients.matchAll({ type: 'window' })) {
    try {
      await client.navigate(url);
      await client.focus().catch(() => undefined);
      return;
    } catch {
      // That window cannot be navigated by this worker: try the next.
    }
  }
}

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(bringUp(sameOriginLink(data?.url, worker.registration.scope)));
});
