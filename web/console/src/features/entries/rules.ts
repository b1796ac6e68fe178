/**
 * The rules of a regatta's entry list as the API states them (registrations.yaml, engine-options.yaml),
 * kept apart from the screen so they can be tested: which status and payment moves an organizer may
 * offer, which rating a fleet's handicap system needs and its range, how places are counted (only
 * registered entries take a place; the waitlist is in registration order), and the search over sail
 * numbers, boats, skippers and crews.
 */
import type { Schemas } from '@regatta/client';

export type Entry = Schemas['RegistrationWithDetails'];
export type Fleet = Schemas['Fleet'];
export type EntryStatus = Schemas['RegistrationStatus'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type HandicapSystem = Schemas['HandicapSystem'];
export type RatingKey = keyof Schemas['BoatRatings'];

export const ENTRY_STATUSES: readonly EntryStatus[] = ['registered', 'no_show', 'waitlisted', 'cancelled'];
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'paid', 'refunded'];

/**
 * Status moves an organizer is offered by PATCH (updateRegistration): registered → no_show;
 * waitlisted → registered (the API refuses it with 409 no_place_available while no place is free);
 * no_show → registered. Cancelling has its own operation (cancelRegistration) and cancelled is final.
 */
export const STATUS_MOVES: Readonly<Record<EntryStatus, readonly EntryStatus[]>> = {
  registered: ['no_show'],
  waitlisted: ['registered'],
  no_show: ['registered'],
  cancelled: [],
};

/** Payment moves of updateRegistration: pending → paid; paid → refunded | pending; refunded is final. */
export const PAYMENT_MOVES: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['paid'],
  paid: ['refunded', 'pending'],
  refunded: [],
};

export function statusMoves(status: EntryStatus): readonly EntryStatus[] {
  return STATUS_MOVES[status];
}

export function paymentMoves(payment: PaymentStatus | undefined): readonly PaymentStatus[] {
  return payment ? PAYMENT_MOVES[payment] : [];
}

/** Any entry that is not cancelled can be cancelled (cancelRegistration; 409 already_cancelled after). */
export function canCancel(status: EntryStatus): boolean {
  return status !== 'cancelled';
}

export interface RatingSpec {
  key: RatingKey;
  min: number;
  max: number;
}

/** The rating each handicap system needs (BoatRatings): one-design none; phrf_tod and phrf_tot share phrf. */
export const RATING_FOR_SYSTEM: Readonly<Record<HandicapSystem, RatingSpec | undefined>> = {
  one_design: undefined,
  phrf_tod: { key: 'phrf', min: -200, max: 600 },
  phrf_tot: { key: 'phrf', min: -200, max: 600 },
  irc: { key: 'irc', min: 0.3, max: 3 },
  vprs: { key: 'vprs', min: 0.3, max: 3 },
  orc_tod: { key: 'orc_tod', min: 100, max: 2000 },
  orc_tot: { key: 'orc_tot', min: 0.3, max: 3 },
  portsmouth_rya: { key: 'portsmouth_rya', min: 300, max: 2500 },
  portsmouth_us: { key: 'portsmouth_us', min: 30, max: 250 },
  nhc: { key: 'nhc', min: 0.3, max: 3 },
  echo: { key: 'echo', min: 0.3, max: 3 },
};

export function ratingSpecOf(fleet: Pick<Fleet, 'handicap'> | undefined): RatingSpec | undefined {
  return fleet ? RATING_FOR_SYSTEM[fleet.handicap.system] : undefined;
}

/** A decimal number as a person types it in English or German ("1.05", "1,05", "-12"); undefined otherwise. */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[-+]?\d+([.,]\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed.replace(',', '.'));
}

/** Crew names typed one per line: trimmed, blank lines dropped. */
export function parseCrew(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
}

/** Lower case, accents dropped, spaces, dashes, dots and slashes removed: "GBR-1234" finds "gbr 1234". */
export function searchKey(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-./_]+/g, '');
}

/** True when the query (possibly several words) is found in the entry's sail number, boat, model, skipper or crew. */
export function matchesSearch(entry: Entry, query: string): boolean {
  const words = query.split(/\s+/).map(searchKey).filter((word) => word !== '');
  if (words.length === 0) return true;
  const haystack = [entry.boat.sailNumber, entry.boat.name, entry.boat.model, entry.sailor.name, ...(entry.crew ?? [])].map(searchKey);
  return words.every((word) => haystack.some((field) => field.includes(word)));
}

export interface EntryFilter {
  q: string;
  /** A fleet id, or '' for every fleet. */
  fleet: string;
  /** A status, or '' for every listed status. */
  status: EntryStatus | '';
  /** A payment status, or '' for any. */
  payment: PaymentStatus | '';
  /** Cancelled entries shown too (in their own list). */
  cancelled: boolean;
}

export const NO_FILTER: EntryFilter = { q: '', fleet: '', status: '', payment: '', cancelled: false };

export function filterEntries(entries: readonly Entry[], filter: EntryFilter): Entry[] {
  return entries.filter(
    (entry) =>
      (filter.fleet === '' || entry.fleetId === filter.fleet) &&
      (filter.status === '' || entry.status === filter.status) &&
      (filter.payment === '' || entry.paymentStatus === filter.payment) &&
      matchesSearch(entry, filter.q),
  );
}

/** Reads the filter from the screen's URL (?q=&fleet=&status=&payment=&cancelled=1), ignoring values the API does not know. */
export function filterFromParams(params: URLSearchParams): EntryFilter {
  const status = params.get('status') ?? '';
  const payment = params.get('payment') ?? '';
  return {
    q: params.get('q') ?? '',
    fleet: params.get('fleet') ?? '',
    status: (ENTRY_STATUSES as readonly string[]).includes(status) ? (status as EntryStatus) : '',
    payment: (PAYMENT_STATUSES as readonly string[]).includes(payment) ? (payment as PaymentStatus) : '',
    cancelled: params.get('cancelled') === '1',
  };
}

/** The filter as the screen's URL query (only what is set), so a filtered list can be linked to. */
export function filterToParams(filter: EntryFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q !== '') params.set('q', filter.q);
  if (filter.fleet !== '') params.set('fleet', filter.fleet);
  if (filter.status !== '') params.set('status', filter.status);
  if (filter.payment !== '') params.set('payment', filter.payment);
  if (filter.cancelled) params.set('cancelled', '1');
  return params;
}

/** Cancelled entries are listed when asked for, or when the status filter picks them. */
export function showsCancelled(filter: EntryFilter): boolean {
  return filter.cancelled || filter.status === 'cancelled';
}

export function isFiltered(filter: EntryFilter): boolean {
  return filter.q.trim() !== '' || filter.fleet !== '' || filter.status !== '' || filter.payment !== '';
}

export interface FleetPlaces {
  fleet: Fleet;
  /** Entries with status registered: the ones that take a place. */
  registered: number;
  noShow: number;
  waitlisted: number;
  /** The fleet's own limit (maxBoats), null when only the regatta's limit applies. */
  maxBoats: number | null;
}

export interface Places {
  fleets: FleetPlaces[];
  registered: number;
  waitlisted: number;
  /** The regatta's limit (maxParticipants), null when unlimited. */
  maxParticipants: number | null;
  /** Places still free in the regatta, null when unlimited. */
  free: number | null;
}

/** Places taken per fleet and in the regatta, from the listed (not cancelled) entries. */
export function countPlaces(fleets: readonly Fleet[], entries: readonly Entry[], maxParticipants: number | null | undefined): Places {
  const perFleet = fleets.map<FleetPlaces>((fleet) => ({ fleet, registered: 0, noShow: 0, waitlisted: 0, maxBoats: fleet.maxBoats ?? null }));
  const byId = new Map(perFleet.map((row) => [row.fleet.id, row]));
  let registered = 0;
  let waitlisted = 0;
  for (const entry of entries) {
    const row = byId.get(entry.fleetId);
    if (entry.status === 'registered') {
      registered += 1;
      if (row) row.registered += 1;
    } else if (entry.status === 'waitlisted') {
      waitlisted += 1;
      if (row) row.waitlisted += 1;
    } else if (entry.status === 'no_show' && row) row.noShow += 1;
  }
  const max = maxParticipants ?? null;
  return { fleets: perFleet, registered, waitlisted, maxParticipants: max, free: max === null ? null : Math.max(0, max - registered) };
}

/** Entered boats (registered and no-show) in registration order, and the waitlist in its order (1 = next). */
export function splitEntries(entries: readonly Entry[]): { entered: Entry[]; waitlist: Entry[] } {
  const entered = entries.filter((entry) => entry.status === 'registered' || entry.status === 'no_show');
  const waitlist = entries
    .filter((entry) => entry.status === 'waitlisted')
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.waitlistPosition ?? Number.MAX_SAFE_INTEGER) - (b.entry.waitlistPosition ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
    .map(({ entry }) => entry);
  return { entered, waitlist };
}

/** How a person names an entry: the boat and her sail number ("Kestrel (GBR 1234)"). */
export function entryName(entry: Pick<Entry, 'boat'>): string {
  return entry.boat.sailNumber ? `${entry.boat.name} (${entry.boat.sailNumber})` : entry.boat.name;
}

/** The file name of the entry list download. */
export function csvFileName(slug: string): string {
  return `${slug}-entries.csv`;
}

export type EntryWindow =
  | { state: 'notPublished'; status: string }
  | { state: 'notYet'; opens: string }
  | { state: 'closed'; closed: string }
  | { state: 'open'; closes: string | null };

/**
 * Whether registerForEvent takes entries now (organizers included): only a published regatta, from
 * registrationOpen to registrationClose when they are set (registration_not_open / registration_closed).
 */
export function entryWindow(regatta: { status: string; registrationOpen?: string | null; registrationClose?: string | null }, now: Date): EntryWindow {
  if (regatta.status !== 'published') return { state: 'notPublished', status: regatta.status };
  if (regatta.registrationOpen && now.getTime() < Date.parse(regatta.registrationOpen)) return { state: 'notYet', opens: regatta.registrationOpen };
  if (regatta.registrationClose && now.getTime() > Date.parse(regatta.registrationClose)) return { state: 'closed', closed: regatta.registrationClose };
  return { state: 'open', closes: regatta.registrationClose ?? null };
}
