/** The venue time zone a request names (create and update of a regatta). */
import { isTimeZone } from '@regatta/contracts';
import { problem } from '@regatta/http';

/** 400 `unknown_time_zone` naming the field `timeZone` when Intl does not know the name (null and absent pass). */
export function requireKnownTimeZone(name: string | null | undefined): void {
  if (name === null || name === undefined || isTimeZone(name)) return;
  throw problem('unknown_time_zone', `${name} is not an IANA time zone this service knows (e.g. America/New_York, Europe/Rome).`, {
    errors: [{ field: 'timeZone', message: 'unknown time zone' }],
  });
}
