/** Output of the notification routes (API field names); the unsubscribe page. */
import type { LoggedMessage, Preferences } from '../app/preferences.js';

export const preferencesView = (preferences: Preferences) => preferences;

export function messageView(message: LoggedMessage) {
  const regatta = 'regatta' in message.params ? { name: message.params.regatta.name, slug: message.params.regatta.slug } : null;
  return {
    id: message.id,
    kind: message.kind,
    eventId: message.eventId,
    regatta,
    status: message.status === 'sending' ? 'pending' : message.status,
    attempts: message.attempts,
    subject: message.subject,
    error: message.lastError,
    createdAt: message.createdAt.toISOString(),
    sentAt: message.sentAt?.toISOString() ?? null,
    failedAt: message.failedAt?.toISOString() ?? null,
  };
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TEXTS = {
  en: { title: 'Unsubscribe', ask: 'Stop messages of this kind?', button: 'Unsubscribe', done: 'Done: you will not receive these messages any more. You can switch them on again in the console under Account, Notifications.', invalid: 'This unsubscribe link is not valid.' },
  de: { title: 'Abbestellen', ask: 'Nachrichten dieser Art abbestellen?', button: 'Abbestellen', done: 'Erledigt: Sie erhalten diese Nachrichten nicht mehr. In der Konsole unter Konto, Benachrichtigungen können Sie sie wieder einschalten.', invalid: 'Dieser Abbestell-Link ist ungültig.' },
};

/** The page behind the link in an e-mail: a button that POSTs (a link scanner's GET changes nothing). */
export function unsubscribePage(state: 'ask' | 'done' | 'invalid', language: 'en' | 'de', token: string, kindLabel: string): string {
  const t = TEXTS[language];
  const body =
    state === 'ask'
      ? `<p>${escapeHtml(t.ask)}</p><p><strong>${escapeHtml(kindLabel)}</strong></p>
<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">${escapeHtml(t.button)}</button></form>`
      : `<p>${escapeHtml(state === 'done' ? t.done : t.invalid)}</p>`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 2em auto; padding: 0 1em;"><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`;
}
