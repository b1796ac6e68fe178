/**
 * The hearing board: the hearings of one day at the venue (the regatta's time zone, or the device's
 * when it has none), in time order, with the case's status, and the cases still waiting for a hearing.
 */
import type { Protest } from './schemas';

/** The calendar day (YYYY-MM-DD) of an instant on the venue's clock. */
export function dayAt(iso: string | Date, timeZone?: string | null): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export interface Hearing {
  protest: Protest;
  startsAt: string;
  room: string;
}

/** The day's hearings, earliest first (case number breaks a tie); withdrawn cases stay listed, marked. */
export function hearingsOn(protests: readonly Protest[], day: string, timeZone?: string | null): Hearing[] {
  return protests
    .filter((p): p is Protest & { hearing: NonNullable<Protest['hearing']> } => p.hearing !== null && dayAt(p.hearing.startsAt, timeZone) === day)
    .map((protest) => ({ protest, startsAt: protest.hearing.startsAt, room: protest.hearing.room }))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.protest.number - b.protest.number);
}

/** Lodged cases with no hearing yet, by number. */
export function awaitingHearing(protests: readonly Protest[]): Protest[] {
  return protests.filter((p) => p.status === 'lodged').sort((a, b) => a.number - b.number);
}
