/**
 * Writes a message in the recipient's language (English or German, through i18next like the
 * console): subject, a plain-text part and an HTML part with the same content, times in the
 * regatta's time zone, a link to the page concerned and, for a kind a person may switch off, the
 * unsubscribe link. Pure: the links' addresses come in as arguments.
 */
import i18next, { type TFunction } from 'i18next';
import { KIND_RULES } from './kinds.js';
import { de } from './locales/de.js';
import { en } from './locales/en.js';
import type { MessageParams } from './message.js';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export function toLocale(value: string | null | undefined): Locale {
  return value === 'de' ? 'de' : 'en';
}

const translator = i18next.createInstance();
void translator.init({
  initImmediate: false,
  resources: { en: { translation: en }, de: { translation: de } },
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

export interface RenderInput {
  params: MessageParams;
  locale: Locale;
  recipientName: string;
  /** Absolute address of the page concerned. */
  link: string;
  /** Absolute unsubscribe address; absent for mandatory kinds. */
  unsubscribeLink: string | null;
  /** A sailor entered by name and address, without an account (no console to choose in). */
  guest?: boolean;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

/** A time written out in `timeZone` (UTC when none), e.g. "12 Jun 2026, 14:30 CEST". */
export function formatTime(iso: string | null, locale: Locale, timeZone: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { day: 'numeric', month: locale === 'de' ? '2-digit' : 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone, timeZoneName: 'short' }).format(date);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A local day (YYYY-MM-DD) written out, e.g. "12 Jun 2027" / "12.06.2027". */
export function formatDay(day: string, locale: Locale): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { day: 'numeric', month: locale === 'de' ? '2-digit' : 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The subject and the paragraphs of the body (plain text, not escaped), and a list after them. */
function compose(t: TFunction, params: MessageParams, locale: Locale): { subject: string; lines: string[]; list?: string[] } {
  const zone = 'regatta' in params ? params.regatta.timeZone : null;
  const time = (iso: string | null) => formatTime(iso, locale, zone);
  switch (params.kind) {
    case 'notice': {
      const values = { regatta: params.regatta.name, title: params.title, at: time(params.at), context: params.action };
      const lines = [t('notice.body', values)];
      if (params.note) lines.push(t('notice.note', { note: params.note }));
      return { subject: t('notice.subject', values), lines };
    }
    case 'schedule': {
      const values = { regatta: params.regatta.name, race: params.race, fleet: params.fleet, status: params.status, startAt: params.startAt ? time(params.startAt) : t('schedule.noStart') };
      return { subject: t('schedule.subject', values), lines: [t('schedule.body', values)] };
    }
    case 'entry': {
      const values = { regatta: params.regatta.name, boat: params.boat, fleet: params.fleet, context: params.status };
      const lines = [t('entry.body', values)];
      if (params.status === 'moved' && params.waiting) lines.push(t('entry.movedWaiting', values));
      return { subject: t('entry.subject', values), lines };
    }
    case 'results': {
      const values = { regatta: params.regatta.name, fleet: params.fleet, at: time(params.at), context: params.stage };
      const lines = [t('results.body', values)];
      if (params.protestDeadline) lines.push(t('results.deadline', { deadline: time(params.protestDeadline) }));
      return { subject: t('results.subject', values), lines };
    }
    case 'hearing': {
      const values = { regatta: params.regatta.name, number: params.number, startsAt: time(params.startsAt), room: params.room ?? '', context: params.stage };
      const lines = [t('hearing.body', values)];
      if (params.decision) lines.push(t('hearing.decision', { decision: params.decision }));
      return { subject: t('hearing.subject', values), lines };
    }
    case 'penalty': {
      const values = { regatta: params.regatta.name, code: params.code, boat: params.boat, sailNumber: params.sailNumber ?? '', at: time(params.at) };
      return { subject: t('penalty.subject', values), lines: [t('penalty.body', values)] };
    }
    case 'organizer_entry': {
      if ('items' in params) {
        const values = { regatta: params.regatta.name, day: formatDay(params.day, locale), at: time(params.dueAt), count: params.items.length };
        const list = params.items.map((item) => t(`organizer_entry.item_${item.change}`, { boat: item.boat, sailor: item.sailor, fleet: item.fleet }));
        return { subject: t('organizer_entry.digestSubject', values), lines: [t('organizer_entry.digestBody', values)], list };
      }
      const values = { regatta: params.regatta.name, boat: params.boat, sailor: params.sailor, fleet: params.fleet, context: params.change };
      return { subject: t('organizer_entry.subject', values), lines: [t('organizer_entry.body', values)] };
    }
    case 'organizer_protest': {
      const values = { regatta: params.regatta.name, number: params.number, type: t(`caseType.${params.type}`), at: time(params.at) };
      return { subject: t('organizer_protest.subject', values), lines: [t('organizer_protest.body', values)] };
    }
    case 'sign_in_missing': {
      const values = { regatta: params.regatta.name, boats: params.boats.join(', ') };
      return { subject: t('sign_in_missing.subject', values), lines: [t('sign_in_missing.body', values)] };
    }
    case 'password_reset':
    case 'email_confirmation':
      return { subject: t(`${params.kind}.subject`), lines: [t(`${params.kind}.body`, { expiresAt: formatTime(params.expiresAt, locale, null) })] };
    case 'new_device':
      return { subject: t('new_device.subject'), lines: [t('new_device.body', { device: params.device, at: formatTime(params.at, locale, null) })] };
  }
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function renderMessage(input: RenderInput): RenderedMessage {
  const t = translator.getFixedT(input.locale);
  const { params } = input;
  const { subject, lines, list = [] } = compose(t, params, input.locale);
  const zone = 'regatta' in params ? (params.regatta.timeZone ?? 'UTC') : null;
  const regatta = 'regatta' in params ? params.regatta.name : null;
  const greeting = t('common.greeting', { name: input.recipientName });
  const footer: string[] = [input.guest && regatta ? t('common.footerGuest', { regatta }) : t('common.footer')];
  if (zone) footer.unshift(t('common.timeZone', { zone }));
  if (KIND_RULES[params.kind].mandatory) footer.push(t('common.mandatory'));
  const unsubscribeLabel = regatta && KIND_RULES[params.kind].perRegatta ? t('common.unsubscribeRegatta', { regatta }) : t('common.unsubscribe');

  const text = [
    greeting,
    '',
    ...lines.flatMap((line) => [line, '']),
    ...(list.length > 0 ? [...list.map((item) => `- ${item}`), ''] : []),
    `${t('common.open')}: ${input.link}`,
    '',
    '--',
    ...footer,
    ...(input.unsubscribeLink ? [`${unsubscribeLabel}: ${input.unsubscribeLink}`] : []),
  ].join('\n');

  const html = `<!doctype html>
<html lang="${input.locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; max-width: 40em;">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${list.length > 0 ? `<ul>\n${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>` : ''}
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 0.5em 1em; background: #0b5394; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(t('common.open'))}</a></p>
<hr>
${footer.map((line) => `<p style="font-size: 0.85em; color: #555555;">${escapeHtml(line)}</p>`).join('\n')}
${input.unsubscribeLink ? `<p style="font-size: 0.85em;"><a href="${escapeHtml(input.unsubscribeLink)}">${escapeHtml(unsubscribeLabel)}</a></p>` : ''}
</body></html>`;
  return { subject, text, html };
}
