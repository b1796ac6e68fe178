/** The day's tally as a table for the organizer's CSV (one row per boat; persons and contacts are private data). */
import type { ExportTable } from '@regatta/exports';
import type { BoatTally } from './tally.js';

const COLUMNS = ['sail_number', 'boat_name', 'fleet', 'entrant', 'state', 'persons_on_board', 'persons', 'signed_out_at', 'signed_in_at', 'flagged', 'emergency_contact'];

export function tallyTable(tallies: readonly BoatTally[], fleetNames: ReadonlyMap<string, string>, meta: { eventName: string; slug: string; day: string }): ExportTable {
  const rows = tallies.map((tally) => ({
    sail_number: tally.boat.sailNumber,
    boat_name: tally.boat.boatName,
    fleet: fleetNames.get(tally.boat.fleetId) ?? null,
    entrant: tally.boat.sailorName,
    state: tally.state,
    persons_on_board: tally.personsOnBoard,
    persons: tally.persons.join('; ') || null,
    signed_out_at: tally.signedOutAt?.toISOString() ?? null,
    signed_in_at: tally.signedInAt?.toISOString() ?? null,
    flagged: tally.flagged ? 'yes' : 'no',
    emergency_contact: tally.boat.emergencyContact,
  }));
  return {
    title: meta.eventName,
    subject: `Safety tally ${meta.day}`,
    columns: COLUMNS.map((key) => ({ key, label: key })),
    sections: [{ heading: meta.day, rows }],
    filename: `${meta.slug}-tally-${meta.day}`,
  };
}
