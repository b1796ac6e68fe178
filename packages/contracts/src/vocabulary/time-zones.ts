/**
 * Time zones, one rule for every service: a regatta's venue time zone and the protest time limit's
 * calendar day are IANA names (e.g. "Europe/Rome", "America/New_York") that the runtime's Intl knows.
 */

/** True when the runtime knows `name` as an IANA time zone (matched case-insensitively, as Intl does). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
