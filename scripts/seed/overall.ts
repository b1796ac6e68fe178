/**
 * The overall (combined) result of the demo regatta's two IRC fleets: every boat of both ranked
 * together on IRC corrected time. Defined once; a later run leaves an existing definition alone.
 */
import { call, expect, log, warn } from './http.js';
import { OVERALL } from './plan.js';
import type { EventState } from './events.js';

export async function ensureOverall(event: EventState): Promise<void> {
  const path = `/api/v1/events/${OVERALL.event}/overall`;
  const existing = await call('GET', path);
  if (existing.status === 200) return;
  expect(existing, [404], 'read the overall result');
  const missing = OVERALL.fleets.filter((name) => !event.fleets.some((fleet) => fleet.name === name));
  if (missing.length > 0) {
    warn(`${OVERALL.event} has no fleet ${missing.join(', ')}: no overall result defined`);
    return;
  }
  const defined = expect(
    await call('PUT', path, { name: OVERALL.name, fleets: OVERALL.fleets, method: 'corrected_time', handicap: { system: OVERALL.handicap } }),
    [200],
    'define the overall result',
  );
  log(`defined ${OVERALL.name} of ${OVERALL.event} (${defined.body.data.standings.length} boats)`);
}
