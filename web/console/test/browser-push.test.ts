/**
 * Notifications in this browser, in a real Chromium: the settings page's "Notify me in this browser"
 * and "Stop notifications in this browser", and the console's service worker showing a push and
 * opening its page. Headless Chromium reaches no real push service, so: permission is granted (or
 * denied) through CDP; the browser's own subscribe is shown failing clearly; the registration path
 * runs with a subscription whose endpoint is a local push service here, which then receives the
 * notifications service's encrypted push for a new-device sign-in; the decrypted payload is delivered
 * to the page's service worker through CDP (ServiceWorker.deliverPushMessage), and the notification it
 * shows is read back (registration.getNotifications) and clicked.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { apiClient, gatewayUrl, signUp as signUpThroughApi, waitForMail } from '@regatta/testing';
// The library web-push encrypts with; a browser decrypts as this does (RFC 8188 / 8291).
import ece from 'http_ece';
import { DESKTOP, PASSWORD, PHONE, auditBothWidths, launch, newPerson, signIn, signUp } from './harness.js';

const SHOTS = process.env['PUSH_SCREENSHOTS'];
const PAGE = '/console/account/notifications';
const START = 'Notify me in this browser';
const STOP = 'Stop notifications in this browser';

const received: Array<{ path: string; body: Buffer }> = [];
let pushService: http.Server;
let pushBase: string;

/** The CDP id of a Playwright context, for the Browser domain's permission calls. */
async function contextId(page: Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  const { targetInfo } = (await session.send('Target.getTargetInfo')) as { targetInfo: { browserContextId: string } };
  await session.detach();
  return targetInfo.browserContextId;
}

/** Grants or denies notifications to the console's origin; the override lasts as long as the returned session. */
async function setNotifications(browser: Browser, page: Page, setting: 'granted' | 'denied'): Promise<CDPSession> {
  const cdp = await browser.newBrowserCDPSession();
  const browserContextId = await contextId(page);
  if (setting === 'granted') await cdp.send('Browser.grantPermissions', { permissions: ['notifications'], origin: gatewayUrl(), browserContextId });
  else await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: gatewayUrl(), browserContextId });
  return cdp;
}

async function sessionCookie(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

async function openSettings(page: Page): Promise<void> {
  await page.goto(PAGE);
  await page.getByRole('heading', { name: 'Notifications in this browser' }).waitFor();
}

/** The service worker's registration id (CDP), once it is active. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
      const hit = event.registrations.find((r) => r.scopeURL === `${gatewayUrl()}/console/` && !r.isDeleted);
      if (hit) resolve(hit.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function notifications(page: Page): Promise<Array<{ title: string; body: string; url: string }>> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
  });
}

async function waitForNotification(page: Page, title: string): Promise<{ title: string; body: string; url: string }> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const shown = (await notifications(page)).find((n) => n.title === title);
    if (shown) return shown;
    await page.waitForTimeout(100);
  }
  assert.fail(`no notification titled ${title}: ${JSON.stringify(await notifications(page))}`);
}

/**
 * Clicks the worker's notification with this title. Chromium offers no CDP call for a notification
 * click, so the worker gets a `notificationclick` event built from the notification it shows; a
 * browser-made event may open a window, this one may not, and the handler takes the page's window to
 * the link instead.
 */
async function clickNotification(worker: Worker, title: string): Promise<void> {
  await worker.evaluate(async (wanted) => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    const shown = (await scope.registration.getNotifications()).find((n) => n.title === wanted);
    if (!shown) throw new Error(`no notification ${wanted}`);
    const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification: shown }));
  }, title);
}

/**
 * The page's PushManager made to hand out this subscription (as the browser would after reaching its
 * push service), held across pages in localStorage. A script text, so the test's compiler adds
 * nothing the page lacks.
 */
function stubSubscription(subscription: { endpoint: string; p256dh: string; auth: string; key: string }): string {
  return `(() => {
    const s = ${JSON.stringify(subscription)};
    const key = Uint8Array.from(atob(s.key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const made = {
      endpoint: s.endpoint,
      options: { userVisibleOnly: true, applicationServerKey: key },
      toJSON() { return { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }; },
      async unsubscribe() { localStorage.removeItem('test-push-held'); return true; },
    };
    PushManager.prototype.subscribe = async function () { localStorage.setItem('test-push-held', '1'); return made; };
    PushManager.prototype.getSubscription = async function () { return localStorage.getItem('test-push-held') ? made : null; };
  })()`;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
}

describe('console: notifications in this browser', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
    pushService = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  });
  after(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => pushService.close(() => resolve()));
  });

  test('a browser without the Push API, and notifications blocked, each say so', async () => {
    const bare = await newPerson(browser, { viewport: PHONE });
    await signUp(bare.page, 'Pat Phone');
    await bare.context.addInitScript(() => {
      delete (globalThis as { PushManager?: unknown }).PushManager;
    });
    await openSettings(bare.page);
    await bare.page.getByRole('status').filter({ hasText: 'This browser cannot show notifications from the console.' }).waitFor();
    assert.equal(await bare.page.getByRole('button', { name: START }).count(), 0);
    await bare.context.close();

    const { page, context } = await newPerson(browser, { viewport: PHONE });
    await signUp(page, 'Bea Blocked');
    const permissions = await setNotifications(browser, page, 'denied');
    await openSettings(page);
    await page.getByRole('status').filter({ hasText: "Notifications are blocked for this site in the browser's settings." }).waitFor();
    await page.getByRole('button', { name: START }).click();
    await page.getByRole('alert').filter({ hasText: 'The browser did not allow notifications for this site.' }).waitFor();
    assert.equal(await page.getByRole('button', { name: STOP }).count(), 0);
    assert.deepEqual(await auditBothWidths(page), [], 'notifications blocked');
    await shot(page, 'push-blocked');
    await permissions.detach();
    await context.close();
  });

  test('granted: a failed subscribe is reported; a subscription registers, a push shows, another person takes the browser over, stop and sign-out remove it, a click opens its page', async () => {
    const { page, context } = await newPerson(browser);
    const { email } = await signUp(page, 'Nico Notified');
    const permissions = await setNotifications(browser, page, 'granted');
    await openSettings(page);
    await page.getByRole('status').filter({ hasText: 'This browser does not show notifications of your messages.' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'notifications in this browser: off');
    await shot(page, 'push-off');

    // The browser's own subscribe fails here (a test context is a private one, which Chromium gives
    // no push; a normal profile would need Google's push service): the page says so.
    await page.getByRole('button', { name: START }).focus();
    await page.keyboard.press('Enter');
    const failure = page.getByRole('alert').filter({ hasText: 'The browser could not subscribe to its push service' });
    await failure.waitFor({ timeout: 30_000 });
    console.log(`# the browser said: ${await failure.textContent()}`);
    assert.deepEqual(await auditBothWidths(page), [], 'notifications in this browser: failure');
    await shot(page, 'push-failed');

    // A subscription as a browser makes it (P-256 key pair, 16-byte secret), its endpoint the local
    // push service. The worker registered on the way is active; a reload puts the page under its control.
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const authSecret = randomBytes(16);
    const endpoint = `${pushBase}/push/${Date.now()}`;
    const applicationServerKey = (await (await fetch(`${gatewayUrl()}/api/v1/notifications/push/key`)).json()) as { data: { publicKey: string } };
    await context.addInitScript(stubSubscription({ endpoint, p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url'), key: applicationServerKey.data.publicKey }));
    await page.reload();
    await page.getByRole('heading', { name: 'Notifications in this browser' }).waitFor();
    assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true, 'the page is controlled by the console worker');

    await page.getByRole('button', { name: START }).click();
    await page.getByRole('status').filter({ hasText: 'This browser shows your urgent messages as notifications.' }).waitFor();
    assert.equal(await page.getByRole('alert').count(), 0, 'the earlier failure is gone');
    assert.deepEqual(await auditBothWidths(page), [], 'notifications in this browser: on');
    await shot(page, 'push-on');

    // A sign-in from a new device: the notifications service pushes it to the registered subscription.
    const api = apiClient();
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    assert.equal((await api.post('/api/v1/auth/login', { email, password: PASSWORD }, { headers: { 'user-agent': firefox } })).status, 200);
    await waitForMail(email, /New sign-in to your account/);
    const path = new URL(endpoint).pathname;
    for (let waited = 0; !received.some((r) => r.path === path) && waited < 10_000; waited += 100) await page.waitForTimeout(100);
    const push = received.find((r) => r.path === path);
    assert.ok(push, 'the local push service got the push');
    const payload = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: keys, authSecret: authSecret.toString('base64url') }).toString('utf8');

    // That payload, delivered to the page's service worker: it shows the notification.
    const cdp = await context.newCDPSession(page);
    const id = await registrationId(cdp);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: gatewayUrl(), registrationId: id, data: payload });
    const shown = await waitForNotification(page, 'New sign-in to your account');
    assert.match(shown.body, /from Firefox on Linux/);
    assert.equal(shown.url, `${gatewayUrl()}/console/account`);

    // Someone else signs in on this browser: its subscription is not theirs, and the page says so;
    // asking for notifications moves it to them.
    const first = await sessionCookie(context);
    const other = await signUpThroughApi(api);
    await context.clearCookies();
    await signIn(page, other.email, other.password);
    await openSettings(page);
    await page.getByRole('status').filter({ hasText: 'This browser does not show notifications of your messages.' }).waitFor();
    await page.getByRole('button', { name: START }).click();
    await page.getByRole('status').filter({ hasText: 'This browser shows your urgent messages as notifications.' }).waitFor();
    const held = (who: string) => api.get('/api/v1/notifications/push/subscriptions', { cookie: who, query: { endpoint } });
    assert.equal((await held(first)).status, 404, 'no longer the first person\'s');
    assert.equal((await held(await sessionCookie(context))).status, 200, 'the second person\'s now');

    // Stop: the API forgets the subscription (a second removal finds nothing), the page says it is off.
    await page.getByRole('button', { name: STOP }).click();
    await page.getByRole('status').filter({ hasText: 'This browser does not show notifications of your messages.' }).waitFor();
    await page.getByRole('button', { name: START }).waitFor();
    const again = await api.delete('/api/v1/notifications/push/subscriptions', { cookie: await sessionCookie(context), query: { endpoint } });
    assert.equal(again.status, 404, 'the subscription was removed through the page');

    // Signing out ends it too (a shared device): on again, sign out, sign back in: off, nothing held.
    await page.getByRole('button', { name: START }).click();
    await page.getByRole('status').filter({ hasText: 'This browser shows your urgent messages as notifications.' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/console\/sign-in$/);
    assert.equal(await page.evaluate(() => localStorage.getItem('test-push-held')), null, 'the browser unsubscribed');
    await signIn(page, other.email, other.password);
    await openSettings(page);
    await page.getByRole('status').filter({ hasText: 'This browser does not show notifications of your messages.' }).waitFor();
    assert.equal((await held(await sessionCookie(context))).status, 404, 'signing out removed the subscription');

    // A click on the notification takes the console window to its page (same origin).
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/console/sw.js')) ?? (await context.waitForEvent('serviceworker'));
    await page.goto('/console/orgs');
    await clickNotification(worker, 'New sign-in to your account');
    await page.waitForURL(`${gatewayUrl()}/console/account`);
    assert.deepEqual(await notifications(page), [], 'the clicked notification is closed');

    // A payload naming another site: shown, but the click stays on the console.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: gatewayUrl(),
      registrationId: id,
      data: JSON.stringify({ title: 'Hearing scheduled', body: 'Case 4 at 14:30', url: 'https://evil.example/console/account', kind: 'hearing' }),
    });
    assert.equal((await waitForNotification(page, 'Hearing scheduled')).url, `${gatewayUrl()}/console/`);
    await page.goto('/console/orgs');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await clickNotification(worker, 'Hearing scheduled');
    for (let waited = 0; visited.length === 0 && waited < 10_000; waited += 100) await page.waitForTimeout(100);
    assert.equal(visited[0], `${gatewayUrl()}/console/`, 'the console start page, not the other site');
    await permissions.detach();
    await context.close();
  });
});
