/**
 * Web push with VAPID: the `web-push` library signs (RFC 8292) and encrypts the payload for the
 * browser (aes128gcm, RFC 8291) into a request, which is POSTed here with fetch (so that a local push
 * service on plain http serves development and tests; the route admits http only outside
 * production). A 404 or 410 means the browser dropped the subscription.
 */
import webpush from 'web-push';
import type { PushResult, PushSender, PushSubscriptionRecord } from '../app/resources.js';
import type { PushPayload } from '../domain/push.js';

export function createWebPushSender(settings: { publicKey: string; privateKey: string; subject: string }): PushSender {
  return {
    publicKey: settings.publicKey,
    async send(subscription: PushSubscriptionRecord, payload: PushPayload): Promise<PushResult> {
      try {
        const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject: settings.subject, publicKey: settings.publicKey, privateKey: settings.privateKey },
          TTL: 3_600,
          urgency: 'high',
        });
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ?? null,
          redirect: 'manual',
          signal: AbortSignal.timeout(5_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.status === 404 || response.status === 410) return 'gone';
        return response.status >= 200 && response.status < 300 ? 'sent' : 'failed';
      } catch {
        return 'failed';
      }
    },
  };
}
