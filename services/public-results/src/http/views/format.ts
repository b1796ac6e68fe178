/** Display formats for the pages (UTC-stable, so a cached page is the same for every reader). */
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '');
export const formatDateTime = (iso: string | null) => (iso ? dateTimeFormat.format(new Date(iso)) : '');

export function formatDateRange(start: string | null, end: string | null): string {
  if (!start) return '';
  if (!end || formatDate(start) === formatDate(end)) return formatDate(start);
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/** h:mm:ss, whole seconds. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Points as the rules print them: up to one decimal. */
export const formatPoints = (points: number) => (Number.isInteger(points) ? String(points) : points.toFixed(1));

export const humanize = (text: string) => text.replace(/[_-]+/g, ' ');

/** A notice-board document's kind as a person reads it (the API's codes: nor, si, amendment, notice, other). */
const DOCUMENT_KINDS: Record<string, string> = { nor: 'notice of race', si: 'sailing instructions', amendment: 'amendment', notice: 'notice', other: 'document' };
export const documentKind = (kind: string) => DOCUMENT_KINDS[kind] ?? humanize(kind);
