/**
 * The platform's regatta → a Sailwave `.blw` file, in the form Sailwave itself writes (see
 * write-records.ts): series (`ser*`), publishing columns, competitors (`comp*`, with Sailwave's stored
 * `comprank` / `comptotal` / `compnett` set to the engine's), races (`race*`, one `racestart` per
 * fleet), result cells (`r*`: type, place, times, code, points, discarded) and the scoring systems
 * (write-scoring.ts). Pure: the inverse of parse.ts + to-scoring.ts for everything the platform holds.
 *
 * Sailwave's races are series-wide and its fleets are a competitor field: platform races are matched
 * across fleets by race number, competitors get one record per fleet (handles 1…n), and each fleet
 * gets a child scoring system selected by `Fleet = <name>`.
 */
import { countedRaces } from '../../shared/domain/fleet-scoring.js';
import { needsRatings, ratingFor, type FleetSetup } from '../../shared/domain/fleet-setup.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';
import type { BlwFleet, BlwRace, BlwRegatta, BlwWriteWarning } from './write-model.js';
import { BlwRecordWriter, blwNumber, clockText, durationText, encodeBlw, secondsOfDay } from './write-records.js';
import { penaltyCodeName, redressCodeName, writeScoringSystems } from './write-scoring.js';
import type { SailwaveEncoding } from './reader.js';

export type { BlwRegatta, BlwFleet, BlwBoat, BlwRace, BlwWriteWarning } from './write-model.js';

/** The Sailwave version the records follow (the oracle files' layout). */
export const BLW_VERSION = '2.38.01';

export interface BlwWriteOutcome {
  readonly text: string;
  readonly bytes: Uint8Array;
  readonly encoding: SailwaveEncoding;
  readonly warnings: readonly BlwWriteWarning[];
}

/** Publishing columns as Sailwave writes them (`1|Field|id|shown|…|width|caption|`). */
const COLUMNS = [
  '1|Rank|3|Yes|Yes|40||',
  '1|Fleet|8|Yes|No|40||',
  '1|SailNo|9|Yes|Yes|40||',
  '1|Boat|10|Yes|Yes|75||',
  '1|Class|13|No|No|40||',
  '1|Club|15|Yes|No|40||',
  '1|HelmName|16|Yes|Yes|100||',
  '1|CrewName|17|Yes|No|100||',
  '1|Rating|18|Yes|No|40||',
  '1|Nat|21|Yes|No|40||',
  '1|Total|52|Yes|Yes|40||',
  '1|Nett|54|Yes|Yes|40||',
  '2||49|Yes|Yes|33||',
];

const STATUS_CODE: Readonly<Record<string, string>> = { dnf: 'DNF', dns: 'DNS', dsq: 'DSQ', dnc: 'DNC', raf: 'RET' };

/** A value Sailwave keeps inside `^`/`|`-separated fields (fleet names in a start) must not hold them. */
const plain = (s: string): string => s.replace(/[|^]/g, ' ');

export function writeBlw(regatta: BlwRegatta): BlwWriteOutcome {
  const warnings: BlwWriteWarning[] = [];
  const warn = (w: BlwWriteWarning): void => void warnings.push(w);
  const out = new BlwRecordWriter();

  // Series.
  out.add('serversion', BLW_VERSION);
  out.add('serevent', regatta.event.name);
  out.add('servenue', regatta.event.venue ?? '');
  out.add('sereventeid', regatta.event.slug);
  out.add('serscoringhandle', 1);
  // Race dates are written as ISO days (2026-05-06).
  out.add('serdatespec', 'y-m-d');
  out.add('serpubincludeseries', 1);
  out.add('serpubincluderacetables', 1);
  out.add('serincludefinishtimes', 1);
  out.add('serincludecorrected', 1);
  for (const c of COLUMNS) out.add('column', c);

  const fleets = regatta.fleets.map((f) => ({ ...f, name: plain(f.setup.name) }));
  for (const f of fleets) if (f.name !== f.setup.name) warn({ setting: 'fleet name', message: `"|" and "^" are separators in Sailwave's starts; written as spaces`, fleet: f.setup.name });

  // Races: one Sailwave race per race number, in number order.
  const numbers = [...new Set(fleets.flatMap((f) => f.races.map((r) => r.number)))].sort((a, b) => a - b);
  const counted = new Map(fleets.map((f) => [f, new Set(countedRaces(f.races).filter((r) => r.status !== 'abandoned').map((r) => r.id))] as const));
  const raceOf = (f: BlwFleet, n: number): BlwRace | undefined => f.races.find((r) => r.number === n);
  const sailed = new Set(numbers.filter((n) => fleets.some((f) => counted.get(f)!.has(raceOf(f, n)?.id ?? ''))));
  for (const n of sailed) {
    for (const f of fleets) {
      const race = raceOf(f, n);
      if (race === undefined || !counted.get(f)!.has(race.id)) {
        warn({ setting: 'racesailed', message: `race ${n} counts for another fleet but not for this one: Sailwave sails races for every fleet, so this fleet's boats score DNC in it`, fleet: f.setup.name });
      }
    }
  }
  for (const f of fleets) {
    for (const race of f.races) {
      if (race.status === 'abandoned' && race.hasResults) warn({ setting: 'race status', message: `race ${race.number} is abandoned: written as not sailed`, fleet: f.setup.name });
      if (race.weight !== 1 || race.mustCount || race.discardFirst) {
        warn({ setting: 'race weight/discard policy', message: `race ${race.number}: weight ${race.weight}${race.mustCount ? ', must count' : ''}${race.discardFirst ? ', discarded first' : ''} has no Sailwave setting the importer reads; Sailwave scores it as a plain race`, fleet: f.setup.name });
      }
    }
  }

  // Competitors: one record per boat and fleet.
  let handle = 0;
  const compHandles = new Map<BlwFleet, Map<string, number>>();
  for (const f of fleets) {
    const handles = new Map<string, number>();
    compHandles.set(f, handles);
    const standing = new Map(f.score.standings.map((s) => [s.boatId, s] as const));
    const rated = needsRatings(f.setup);
    for (const boat of f.boats) {
      const h = ++handle;
      handles.set(boat.boatId, h);
      const s = standing.get(boat.boatId);
      out.add('compsailno', boat.sailNumber ?? '', h);
      out.add('compboat', boat.name, h);
      out.add('comphelmname', boat.sailorName ?? '', h);
      out.add('compcrewname', boat.crewName ?? '', h);
      out.add('compclub', boat.club ?? '', h);
      out.add('compnat', boat.nationality ?? '', h);
      out.add('compclass', boat.boatClass ?? '', h);
      out.add('compfleet', f.name, h);
      if (rated) out.add('comprating', ratingFor(f.setup, boat.ratings) ?? null, h);
      out.add('comprank', s?.position ?? null, h);
      out.add('comptotal', s?.totalPoints ?? null, h);
      out.add('compnett', s?.netPoints ?? null, h);
      out.add('compexclude', 0, h);
      out.add('compalias', 0, h);
    }
    if (rated && !progressiveFleet(f.setup) && f.boats.some((b) => (b.ratingChanges ?? []).length > 0)) {
      warn({ setting: 'rrat', message: `rating changes from a race on: Sailwave scores ${f.setup.handicapSystem} on one rating per boat for the series (comprating, written as the boat's rating before any change)`, fleet: f.setup.name });
    }
    for (const r of f.score.rejected) warn({ setting: 'comprating', message: `boat ${r.boatId} is not scored (${r.reason}): written without a rank`, fleet: f.setup.name });
  }

  numbers.forEach((n, i) => {
    const raceHandle = i + 1;
    const races = fleets.map((f) => raceOf(f, n)).filter((r): r is BlwRace => r !== undefined);
    const names = new Set(races.map((r) => r.name));
    const when = races.map((r) => r.actualStart ?? r.scheduledStart ?? null).find((d) => d !== null) ?? null;
    out.add('racerank', raceHandle, '', raceHandle);
    out.add('racesailed', sailed.has(n) ? 1 : 0, '', raceHandle);
    out.add('racename', names.size === 1 ? [...names][0]! : `R${n}`, '', raceHandle);
    if (when !== null) out.add('racedate', when.toISOString().slice(0, 10), '', raceHandle);
    let start = 0;
    for (const f of fleets) {
      const race = raceOf(f, n);
      if (race === undefined) continue;
      const at = race.actualStart ? startText(secondsOfDay(race.actualStart)) : '';
      out.add('racestart', `Fleet^${f.name}^^^^^^^^^^^=^=^=^=^=^=|${at}|${at === '' ? 'Place' : 'Finish time'}|Start ${++start}|||0||0|0||||1`, '', raceHandle);
    }
  });

  // Result cells.
  numbers.forEach((n, i) => {
    const raceHandle = i + 1;
    for (const f of fleets) {
      const race = raceOf(f, n);
      if (race === undefined) continue;
      const handles = compHandles.get(f)!;
      const entries = new Map((f.entries.get(race.id) ?? []).map((e) => [e.boatId, e] as const));
      const computed = f.score.results.get(race.id);
      const cells = new Map(f.score.standings.map((s) => [s.boatId, s.raceResults.find((r) => r.raceId === race.id)] as const));
      // Progressive handicaps (NHC, ECHO): the rating each boat sailed this race on (rrat), as Sailwave
      // stores it and the importer reads it back, so a re-score uses the same per-race ratings.
      const progressive = progressiveFleet(f.setup);
      for (const boat of f.boats) {
        const h = handles.get(boat.boatId)!;
        const entry = entries.get(boat.boatId);
        const cell = cells.get(boat.boatId);
        const points = cell?.points ?? computed?.get(boat.boatId)?.points ?? null;
        if (entry === undefined) {
          // No record: Sailwave (and the engine) score DNC; the cell keeps only the stored points.
          if (cell !== undefined) {
            out.add('rpts', points, h, raceHandle);
            out.add('rdisc', cell.dropped ? 1 : 0, h, raceHandle);
          }
          out.add('rrestyp', 0, h, raceHandle);
          continue;
        }
        const own = computed?.get(boat.boatId) ?? null;
        writeCell(out, h, raceHandle, race, f.setup, entry, own, points, cell?.dropped ?? false);
        if (progressive && own?.rating != null) out.add('rrat', own.rating, h, raceHandle);
      }
    }
  });

  writeScoringSystems(
    out,
    fleets.map((f, i) => ({ setup: f.setup, handle: i + 2, races: f.races.length, entries: [...f.entries.values()].flat() })),
    warn,
  );

  const text = out.text();
  const { bytes, encoding } = encodeBlw(text);
  return { text, bytes, encoding, warnings };
}

/** NHC and ECHO: the rating changes race by race (the engine's chain, or the stored per-race rating). */
function progressiveFleet(setup: FleetSetup): boolean {
  const system = (setup.handicapSystem || '').toLowerCase();
  return system === 'nhc' || system === 'echo';
}

/** `racestart` start time: Sailwave's "191500", or "19:15:00.5" when it has a fraction of a second. */
function startText(seconds: number): string {
  const t = clockText(seconds);
  return t.includes('.') ? t : t.replace(/:/g, '');
}

function writeCell(
  out: BlwRecordWriter,
  h: number,
  race: number,
  info: BlwRace,
  setup: FleetSetup,
  entry: StoredEntry,
  computed: { position: number | null; elapsedSeconds: number | null; correctedSeconds: number | null } | null,
  points: number | null,
  dropped: boolean,
): void {
  const code = entry.code?.toUpperCase() ?? (entry.status !== 'finished' ? STATUS_CODE[entry.status] ?? null : null);
  const penalty = penaltyCodeName(entry);
  if (code !== null && penalty === null) {
    // A code in place of a finish (redress included: Sailwave replaces the place by the redress score).
    const redress = code === 'RDG';
    out.add('rcod', redress ? redressCodeName(entry, setup) : code, h, race);
    out.add('rpts', redress && entry.redressMethod === 'points' && entry.redressPoints !== null ? entry.redressPoints : points, h, race);
    out.add('rdisc', dropped ? 1 : 0, h, race);
    out.add('rrestyp', 3, h, race);
    return;
  }
  if (penalty !== null) out.add('rcod', penalty, h, race);
  if (entry.finishTime !== null && info.actualStart !== null) {
    out.add('rst', clockText(secondsOfDay(info.actualStart)), h, race);
    out.add('rft', clockText(secondsOfDay(entry.finishTime)), h, race);
    out.add('rele', durationText((entry.finishTime.getTime() - info.actualStart.getTime()) / 1000), h, race);
    if (computed?.correctedSeconds != null) out.add('rcor', durationText(computed.correctedSeconds), h, race);
    out.add('rrestyp', 4, h, race);
  } else {
    // No start time: a place-entered result (the order of finish times).
    if (entry.finishTime !== null) out.add('rft', clockText(secondsOfDay(entry.finishTime)), h, race);
    out.add('rrestyp', 1, h, race);
    // The place as entered (Sailwave's rrecpos, what the importer orders places by); equal places tie.
    out.add('rrecpos', computed?.position ?? null, h, race);
  }
  out.add('rpos', computed?.position ?? null, h, race);
  out.add('rpts', points, h, race);
  out.add('rdisc', dropped ? 1 : 0, h, race);
}

export { blwNumber };
