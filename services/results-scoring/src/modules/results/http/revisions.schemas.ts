/** Request shapes of the revisions and publication routes, validated at the edge (400 problem naming each field). */
import { queryInt, queryOffset } from '@regatta/http';
import { z } from 'zod';

const dateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone (e.g. 2025-06-01T12:00:00Z)' });
const filter = z.string().trim().min(1).max(200).optional();
const reason = z.string().max(2_000);

export const revisionsQuery = z.object({ race: filter, fleet: filter, boat: filter, limit: queryInt(1, 100).default(20), offset: queryOffset() });

export const revertBody = z.strictObject({
  /** The id of the revision of this race whose results are restored. */
  revision: z.uuid({ message: 'must be a revision id (uuid)' }),
  /** Why (required: a revert is a committee decision of its own). */
  reason: reason.trim().min(1),
});

const races = z.array(z.string().min(1).max(200)).min(1).max(500).optional();

export const publishBody = z.strictObject({
  /** Races of the fleet to publish; all with results when absent. */
  races,
  /** An explicit end of the protest time limit for these races (else the event's limit applies). */
  protestDeadline: dateTime.optional(),
  reason: reason.optional(),
});

export const officialBody = z.strictObject({ races, reason: reason.optional() });

export const protestTimeLimitBody = z.strictObject({
  /** Minutes after the last boat finishes the day's last race (0 to 7 days). */
  minutes: z.number().int().min(0).max(10_080),
  /** The venue's IANA time zone: whose calendar day "the day" is (null or omitted: UTC). */
  timeZone: z.string().min(1).max(64).nullable().optional(),
});

export const fleetParams = z.object({ slug: z.string().min(1).max(200), fleetId: z.string().min(1).max(200) });
