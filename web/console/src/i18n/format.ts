/**
 * Dates and times of a regatta are shown in the regatta's time zone (the venue's clock, which is
 * what a sailor reads on the notice board), formatted for the console's language.
 */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone?: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** A calendar date (YYYY-MM-DD) as the language writes it; it names a day, so no time zone moves it. */
export function formatDate(day: string | null | undefined, language: string): string {
  if (!day) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

export function formatMoney(amount: number | null | undefined, currency: string | null | undefined, language: string): string {
  if (amount === null || amount === undefined) return '';
  if (!currency) return new Intl.NumberFormat(language).format(amount);
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}
