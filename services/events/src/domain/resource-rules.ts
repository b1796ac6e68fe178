/**
 * The race committee's rules for changing and removing what a regatta is made of. Pure:
 * the use cases gather the counts and ask here. Removal is refused where history would be lost
 * (entries, results); the refusal names the way that keeps it (cancel, or change instead of delete).
 */
import type { EventStatus, RaceStatus } from '@regatta/contracts';

/** The refusal codes (each in the problem catalogue of @regatta/http with status 409). */
export type RefusalCode = 'event_has_registrations' | 'event_in_series' | 'event_already_cancelled' | 'event_closed' | 'fleet_in_use' | 'race_has_results' | 'race_under_way';
export type Refusal = { code: RefusalCode; detail: string } | undefined;

/** An event with any registration (even a cancelled one) keeps its history: cancel it instead. */
export function eventDeletionRefusal(event: { status: EventStatus; registrations: number; series: number }): Refusal {
  if (event.registrations > 0)
    return {
      code: 'event_has_registrations',
      detail: `The event has ${event.registrations} registration(s) and cannot be deleted; cancel it instead (POST /api/v1/events/{slug}/cancel), which keeps its history.`,
    };
  if (event.series > 0) return { code: 'event_in_series', detail: `The event is part of ${event.series} series; take it out of the series (PATCH /api/v1/series/{slug}) first.` };
  return undefined;
}

/** Cancelling: from draft, published or ongoing; a completed event's results stand and a cancelled one stays cancelled. */
export function eventCancelRefusal(status: EventStatus): Refusal {
  if (status === 'cancelled') return { code: 'event_already_cancelled', detail: 'The event is already cancelled.' };
  if (status === 'completed') return { code: 'event_closed', detail: 'The event is completed; a completed regatta cannot be cancelled.' };
  return undefined;
}

/** A fleet is deleted only while nothing hangs on it: no entries (any status) and no races. */
export function fleetDeletionRefusal(fleet: { registrations: number; races: number }): Refusal {
  if (fleet.registrations > 0 || fleet.races > 0)
    return {
      code: 'fleet_in_use',
      detail: `The fleet has ${fleet.registrations} registration(s) and ${fleet.races} race(s); delete its races and move or cancel its entries first.`,
    };
  return undefined;
}

/**
 * Statuses the events service sets on a race: the schedule (scheduled ↔ postponed) and abandonment
 * before the start. What happens on the water (started, finished, abandoned after a start) is
 * recorded by results-scoring with the results, and reaches this service through its facts: one owner
 * per fact.
 */
export const SCHEDULE_STATUSES = ['scheduled', 'postponed', 'abandoned'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** The race's status may be changed here only while the race has not started and has no results. */
export function raceStatusRefusal(race: { status: RaceStatus; hasResults: boolean }, to: ScheduleStatus): Refusal {
  if (race.status === to) return undefined;
  if (race.hasResults || race.status === 'started' || race.status === 'finished')
    return {
      code: 'race_under_way',
      detail: `Race is ${race.status}${race.hasResults ? ' with results' : ''}; what happens on the water is recorded with its results (POST /api/v1/events/{slug}/races/{raceId}/results, status abandoned).`,
    };
  return undefined;
}

/**
 * A race is deleted only while it has no results and was never started; a race sailed and then lost is
 * abandoned instead. A recorded actual start counts as started whatever the status says now (a race
 * abandoned after its start is a record too).
 */
export function raceDeletionRefusal(race: { status: RaceStatus; hasResults: boolean; actualStart?: Date | null | undefined }): Refusal {
  const started = race.actualStart !== null && race.actualStart !== undefined;
  if (race.hasResults || race.status === 'started' || race.status === 'finished' || started)
    return {
      code: 'race_has_results',
      detail: `The race is ${race.status}${started && race.status !== 'started' && race.status !== 'finished' ? ' after its start' : ''}${race.hasResults ? ' and has results' : ''}; it cannot be deleted (abandon it through its results to keep the record).`,
    };
  return undefined;
}

/** Fleet fields that do not affect scoring; every other field of the fleet (current and future options) is set-up. */
export const FLEET_DESCRIPTIVE_FIELDS = ['name', 'classId', 'description', 'maxBoats'] as const;

export function isSetupField(field: string): boolean {
  return !(FLEET_DESCRIPTIVE_FIELDS as readonly string[]).includes(field);
}

/** The revision reason a re-score after a set-up change records. */
export function setupChangeReason(who: string): string {
  return `fleet set-up changed by ${who}`;
}
