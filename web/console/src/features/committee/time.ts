/** Times on the water, on the regatta's clock, to the tenth of a second (14:32:07.4). */
export function formatClock(ms: number, timeZone: string | null, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 1, hour12: false, ...(timeZone ? { timeZone } : {}) }).format(new Date(ms));
}

/** An offset in seconds with its sign, one decimal: +4.0 s. */
export function formatOffset(ms: number): string {
  return `${ms >= 0 ? '+' : '−'}${(Math.abs(ms) / 1000).toFixed(1)}`;
}
