/** Output of the notification routes (API field names); the unsubscribe page. */
import type { GuestLoggedMessage, LoggedMessage, Preferences } from '../app/preferences.js';
import type { NotificationKind } from '../domain/kinds.js';

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
  en: { title: 'Unsubscribe', ask: 'Stop messages of this kind?', button: 'Unsubscribe', done: 'Done: you will not receive these messages any more. You can switch them on again in the console under Account, Notifications.', invalid: 'This unsubscribe link is not valid.',
    log: 'Messages sent to you about this entry', logEmpty: 'None yet.', kind: 'Kind', subject: 'Subject', when: 'When', state: 'State',
    states: { pending: 'Waiting to be sent', sending: 'Waiting to be sent', sent: 'Delivered', failed: 'Failed' } },
  de: { title: 'Abbestellen', ask: 'Nachrichten dieser Art abbestellen?', button: 'Abbestellen', done: 'Erledigt: Sie erhalten diese Nachrichten nicht mehr. In der Konsole unter Konto, Benachrichtigungen können Sie sie wieder einschalten.', invalid: 'Dieser Abbestell-Link ist ungültig.',
    log: 'Nachrichten an Sie zu dieser Meldung', logEmpty: 'Noch keine.', kind: 'Art', subject: 'Betreff', when: 'Wann', state: 'Stand',
    states: { pending: 'Wartet auf den Versand', sending: 'Wartet auf den Versand', sent: 'Zugestellt', failed: 'Fehlgeschlagen' } },
};

/** A guest sailor's messages as a table: kind, subject, when (UTC), delivered or failed; no address. */
function guestLogTable(language: 'en' | 'de', log: readonly GuestLoggedMessage[], kindLabel: (kind: NotificationKind) => string): string {
  const t = TEXTS[language];
  if (log.length === 0) return `<h2>${escapeHtml(t.log)}</h2><p>${escapeHtml(t.logEmpty)}</p>`;
  const when = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC', timeZoneName: 'short' });
  const rows = log
    .map((message) => {
      const at = message.sentAt ?? message.failedAt ?? message.createdAt;
      const cells = [kindLabel(message.kind), message.subject ?? kindLabel(message.kind), when.format(at), t.states[message.status]];
      return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`;
    })
    .join('\n');
  return `<h2>${escapeHtml(t.log)}</h2>
<table><thead><tr><th scope="col">${escapeHtml(t.kind)}</th><th scope="col">${escapeHtml(t.subject)}</th><th scope="col">${escapeHtml(t.when)}</th><th scope="col">${escapeHtml(t.state)}</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

/**
 * The page behind the link in an e-mail: a button that POSTs (a link scanner's GET changes nothing);
 * for a sailor entered without an account (the link names the registration), also the messages sent
 * to them about that entry.
 */
export function unsubscribePage(
  state: 'ask' | 'done' | 'invalid',
  language: 'en' | 'de',
  token: string,
  kindLabel: string,
  guest?: { log: readonly GuestLoggedMessage[]; kindLabel: (kind: NotificationKind) => string },
): string {
  const t = TEXTS[language];
  const body =
    state === 'ask'
      ? `<p>${escapeHtml(t.ask)}</p><p><strong>${escapeHtml(kindLabel)}</strong></p>
<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">${escapeHtml(t.button)}</button></form>${guest ? guestLogTable(language, guest.log, guest.kindLabel) : ''}`
      : `<p>${escapeHtml(state === 'done' ? t.done : t.invalid)}</p>`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36em; margin: 2em auto; padding: 0 1em;"><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`;
}
