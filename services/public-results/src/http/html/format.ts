/** Display formats for the pages (UTC-stable, so a cached page is the same for every reader). */
import { formatDuration as sharedFormatDuration } from '@regatta/contracts';
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '');
export const formatDateTime = (iso: string | null) => (iso ? dateTimeFormat.format(new Date(iso)) : '');

export function formatDateRange(start: string | null, end: string | null): string {
  if (!start) return '';
  if (!end || formatDate(start) === formatDate(end)) return formatDate(start);
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/**
 * h:mm:ss for the pages: the shared formatDuration (its one rounding, half up to the second) with the
 * hours unpadded, as a reader writes a race time ('' when there is none).
 */
export function formatDuration(seconds: number | null): string {
  return sharedFormatDuration(seconds)?.replace(/^(-?)0(\d)/, '$1$2') ?? '';
}

/** Points as the rules print them: up to one decimal. */
export const formatPoints = (points: number) => (Number.isInteger(points) ? String(points) : points.toFixed(1));

export const humanize = (text: string) => text.replace(/[_-]+/g, ' ');

/** A notice-board document's kind as a person reads it (the API's codes: nor, si, amendment, notice, other). */
const DOCUMENT_KIND_LABELS: Record<string, string> = { nor: 'notice of race', si: 'sailing instructions', amendment: 'amendment', notice: 'notice', other: 'document' };
export const documentKind = (kind: string) => DOCUMENT_KIND_LABELS[kind] ?? humanize(kind);
