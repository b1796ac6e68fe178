/**
 * THE definition of the event fields PUT /events/{slug} may change: the API name, the stored column
 * (which event.updated's `changedFields` names) and how a new value is compared with the stored one.
 * The update use case, the SQL and the request schema (typed against UpdatableEventField) all derive
 * from this one table, so a new updatable field is one line here plus its validation.
 */

/** How a stored value compares with a requested one. */
type Comparison = 'plain' | 'date' | 'money';

export const UPDATABLE_EVENT_FIELDS = {
  name: { column: 'name', compare: 'plain' },
  description: { column: 'description', compare: 'plain' },
  venue: { column: 'venue', compare: 'plain' },
  address: { column: 'address', compare: 'plain' },
  startDate: { column: 'start_date', compare: 'date' },
  endDate: { column: 'end_date', compare: 'date' },
  registrationOpen: { column: 'registration_open', compare: 'date' },
  registrationClose: { column: 'registration_close', compare: 'date' },
  maxParticipants: { column: 'max_participants', compare: 'plain' },
  // Stored as numeric(12,2) (read as a number); requested as a normalized "125.00" string.
  entryFee: { column: 'entry_fee', compare: 'money' },
  nor: { column: 'nor', compare: 'plain' },
  sailingInstructions: { column: 'sailing_instructions', compare: 'plain' },
  status: { column: 'status', compare: 'plain' },
  // The venue's IANA time zone; null clears it.
  timeZone: { column: 'time_zone', compare: 'plain' },
} as const satisfies Record<string, { column: string; compare: Comparison }>;

export type UpdatableEventField = keyof typeof UPDATABLE_EVENT_FIELDS;
export type EventColumn = (typeof UPDATABLE_EVENT_FIELDS)[UpdatableEventField]['column'];

export function isUpdatableEventField(name: string): name is UpdatableEventField {
  return Object.hasOwn(UPDATABLE_EVENT_FIELDS, name);
}

function sameValue(compare: Comparison, current: unknown, next: unknown): boolean {
  if (compare === 'date' && current instanceof Date && next instanceof Date) return current.getTime() === next.getTime();
  if (compare === 'money' && typeof current === 'number' && typeof next === 'string') return current.toFixed(2) === next;
  return current === next;
}

export interface EventChange {
  field: UpdatableEventField;
  column: EventColumn;
  value: unknown;
}

/**
 * The requested fields that differ from the stored row (by column), in the order they were given;
 * undefined (not sent) is no change.
 */
export function eventChanges(current: Readonly<Record<EventColumn, unknown>>, requested: Partial<Record<UpdatableEventField, unknown>>): EventChange[] {
  const changes: EventChange[] = [];
  for (const [name, value] of Object.entries(requested)) {
    if (value === undefined || !isUpdatableEventField(name)) continue;
    const { column, compare } = UPDATABLE_EVENT_FIELDS[name];
    if (!sameValue(compare, current[column], value)) changes.push({ field: name, column, value });
  }
  return changes;
}
