import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildHistory, computeStats, countRacesSailed, type HistoryRow } from './history.js';

function row(n: number, start: string | null, finalPosition: number | null, racesSailed: number, extra: Partial<HistoryRow> = {}): HistoryRow {
  return {
    eventId: `00000000-0000-4000-8000-00000000000${n}`,
    eventSlug: `regatta-${n}`,
    eventName: `Regatta ${n}`,
    eventStatus: 'completed',
    startDate: start ? new Date(start) : null,
    fleetId: `10000000-0000-4000-8000-00000000000${n}`,
    fleetName: 'J/70',
    boatId: '20000000-0000-4000-8000-000000000001',
    boatName: 'Blue Note',
    sailNumber: 'USA 123',
    finalPosition,
    netPoints: finalPosition === null ? null : finalPosition * 4.5,
    fleetSize: finalPosition === null ? null : 12,
    racesSailed,
    ...extra,
  };
}

// Four scored regattas (positions 1, 3, 4, 2; races 6 + 5 + 4 + 7 = 22), one entered but unscored
// (2 races sailed so far), one cancelled with no standings (left out).
const rows: HistoryRow[] = [
  row(1, '2024-05-10T09:00:00Z', 1, 6),
  row(2, '2024-09-01T09:00:00Z', 3, 5),
  row(3, '2025-03-15T09:00:00Z', 4, 4),
  row(4, '2025-06-01T09:00:00Z', 2, 7),
  row(5, '2025-08-20T09:00:00Z', null, 2, { eventStatus: 'ongoing' }),
  row(6, '2025-10-01T09:00:00Z', null, 0, { eventStatus: 'cancelled' }),
];

test('stats over all entries: 4 events, 24 races, 1 win, 3 podiums, best 1, average 2.5', () => {
  const page = buildHistory(rows, { limit: 50, offset: 0 });
  assert.equal(page.count, 5);
  assert.deepEqual(page.stats, { events: 4, racesSailed: 24, wins: 1, podiums: 3, bestFinish: 1, averageFinish: 2.5 });
  assert.deepEqual(
    page.history.map((entry) => [entry.date, entry.finalPosition]),
    [
      ['2025-08-20', null],
      ['2025-06-01', 2],
      ['2025-03-15', 4],
      ['2024-09-01', 3],
      ['2024-05-10', 1],
    ],
  );
  assert.deepEqual(page.history[1], {
    event: { id: rows[3]!.eventId, slug: 'regatta-4', name: 'Regatta 4' },
    date: '2025-06-01',
    fleet: { id: rows[3]!.fleetId, name: 'J/70' },
    boat: { id: '20000000-0000-4000-8000-000000000001', name: 'Blue Note', sailNumber: 'USA 123' },
    finalPosition: 2,
    points: 9,
    fleetSize: 12,
    racesSailed: 7,
  });
});

test('year filter narrows entries and stats; the page does not narrow stats', () => {
  const y2025 = buildHistory(rows, { year: 2025, limit: 1, offset: 1 });
  assert.equal(y2025.count, 3);
  assert.deepEqual(y2025.stats, { events: 2, racesSailed: 13, wins: 0, podiums: 1, bestFinish: 2, averageFinish: 3 });
  assert.deepEqual(y2025.history.map((entry) => entry.date), ['2025-06-01']);
  const y2023 = buildHistory(rows, { year: 2023, limit: 50, offset: 0 });
  assert.deepEqual(y2023, { count: 0, history: [], stats: { events: 0, racesSailed: 0, wins: 0, podiums: 0, bestFinish: null, averageFinish: null } });
});

test('averageFinish rounds to 2 decimals; unknown dates sort last and match no year', () => {
  assert.equal(computeStats([{ finalPosition: 1, racesSailed: 1 }, { finalPosition: 2, racesSailed: 1 }, { finalPosition: 2, racesSailed: 1 }]).averageFinish, 1.67);
  const page = buildHistory([row(7, null, 5, 3), row(8, '2020-01-01T00:00:00Z', 6, 3)], { limit: 50, offset: 0 });
  assert.deepEqual(page.history.map((entry) => entry.date), ['2020-01-01', null]);
  assert.equal(buildHistory([row(7, null, 5, 3)], { year: 2020, limit: 50, offset: 0 }).count, 0);
});

test('races sailed count starts (finished, dnf, dsq, raf) in races not abandoned', () => {
  assert.equal(
    countRacesSailed([
      { raceStatus: 'finished', status: 'finished' },
      { raceStatus: 'finished', status: 'dnf' },
      { raceStatus: 'finished', status: 'dsq' },
      { raceStatus: 'finished', status: 'raf' },
      { raceStatus: 'finished', status: 'dns' },
      { raceStatus: 'finished', status: 'dnc' },
      { raceStatus: 'abandoned', status: 'finished' },
    ]),
    4,
  );
});
