/** 409 for a second active entry of one sailor, boat or sail number in an event. */
import { problem } from '@regatta/http';
import type { HttpProblem } from '@regatta/http';
import { isUniqueViolation } from '../store/sql.js';
import type { BoatRow } from '../store/rows.js';

export type DuplicateKind = 'sailor' | 'boat' | 'sail';

export function duplicateEntry(kind: DuplicateKind, registrationId: string | undefined, boat?: Pick<BoatRow, 'name' | 'sail_number'>): HttpProblem {
  const extensions = registrationId ? { registrationId } : {};
  if (kind === 'sailor') return problem('sailor_already_registered', 'This sailor is already registered (or waitlisted) in the event.', { extensions });
  if (kind === 'boat') return problem('boat_already_registered', `The boat${boat ? ` ${boat.name}` : ''} is already registered in the event.`, { extensions });
  return problem('boat_already_registered', `Sail number ${boat?.sail_number ?? ''} is already registered in the event.`.replace('  ', ' '), { extensions });
}

/** The same refusal when a concurrent entry won the race to the unique index. */
export function duplicateFromIndex(error: unknown): HttpProblem | undefined {
  if (isUniqueViolation(error, 'registrations_active_sailor')) return duplicateEntry('sailor', undefined);
  if (isUniqueViolation(error, 'registrations_active_boat')) return duplicateEntry('boat', undefined);
  if (isUniqueViolation(error, 'registrations_active_sail')) return duplicateEntry('sail', undefined);
  return undefined;
}
