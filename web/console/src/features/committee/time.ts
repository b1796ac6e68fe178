/** Times on the water, on the regatta's clock, to the tenth of a second (14:32:07.4). */
export function formatClock(ms: number, timeZone: string | null, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 1, hour12: false, ...(timeZone ? { timeZone } : {}) }).format(new Date(ms));
}

/** Seconds with their sign and one decimal, in the reader's language: +4.0 (en), +4,0 (de). */
export function formatSeconds(ms: number, locale: string, signed = true): string {
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(ms) / 1000);
  if (!signed) return text;
  // Under 50 ms it rounds to 0.0 either way: no sign then.
  return Math.abs(ms) < 50 ? `±${text}` : `${ms > 0 ? '+' : '−'}${text}`;
}
