/**
 * The safety tally's rules (pure): a boat's state on a regatta day from her sign-outs and sign-ins,
 * the day's sign-in deadline as an instant, which boats are flagged (still afloat after it), and the
 * misses a closed day records (no sign-out on a day her fleet raced; still out at closing).
 */
import { createHash } from 'node:crypto';
import { zonedDay, zonedInstant } from '../../../domain/zoned-time.js';

export const MOVEMENT_KINDS = ['out', 'in'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** What a missed sign-out may cost: nothing, points added to a finishing place (DPI), or DNC for the day. */
export const SIGN_OUT_PENALTIES = ['none', 'points', 'dnc'] as const;
/** What a missed sign-in may cost: nothing, or points added to a finishing place (DPI). */
export const SIGN_IN_PENALTIES = ['none', 'points'] as const;
export type SignOutPenalty = (typeof SIGN_OUT_PENALTIES)[number];
export type SignInPenalty = (typeof SIGN_IN_PENALTIES)[number];

export interface TallyPolicy {
  /** Wall-clock "HH:MM" of the regatta's time zone; null: no deadline (nobody is flagged). */
  signInDeadline: string | null;
  missedSignOut: SignOutPenalty;
  missedSignIn: SignInPenalty;
  /** The points a `points` penalty adds (DPI), as the sailing instructions state. */
  penaltyPoints: number;
}

export const DEFAULT_POLICY: TallyPolicy = { signInDeadline: null, missedSignOut: 'none', missedSignIn: 'none', penaltyPoints: 2 };

export interface TallyRecorder {
  kind: 'member' | 'device' | 'key' | 'entrant';
  id: string;
  label: string;
}

/** Who closed a day: a person (member or key) or the closing loop at the deadline. */
export type TallyCloser = TallyRecorder | { kind: 'automatic'; id: string; label: string };
export const AUTOMATIC_CLOSER: TallyCloser = { kind: 'automatic', id: 'tally-deadline', label: 'Closed automatically at the deadline' };

export interface MovementInput {
  id: string;
  registrationId: string;
  kind: MovementKind;
  personsOnBoard?: number | undefined;
  persons?: string[] | undefined;
  /** When the person tapped (the device's clock; tally-time.ts bounds it); absent: when the server receives it. */
  at?: Date | undefined;
}

export interface Movement {
  id: string;
  registrationId: string;
  day: string;
  kind: MovementKind;
  personsOnBoard: number;
  persons: string[];
  /** When it happened: the tap on the device, else the server's receipt. */
  at: Date;
  /** When the server received it. */
  receivedAt: Date;
  recorder: TallyRecorder;
}

export interface TallyBoat {
  registrationId: string;
  boatId: string | null;
  fleetId: string;
  sailNumber: string | null;
  boatName: string | null;
  userId: string | null;
  sailorName: string | null;
  crew: string[];
  emergencyContact: string | null;
}

/** ashore: not signed out this day; afloat: signed out, not back; returned: signed back in. */
export type BoatState = 'ashore' | 'afloat' | 'returned';

export interface BoatTally {
  boat: TallyBoat;
  state: BoatState;
  /** The persons on board as last signed (out, or in). */
  personsOnBoard: number | null;
  persons: string[];
  signedOutAt: Date | null;
  signedInAt: Date | null;
  /** Afloat after the sign-in deadline. */
  flagged: boolean;
}

/** The same id must always carry the same body (a retried tap); its hash decides. */
export function movementHash(input: MovementInput & { day: string }): string {
  // A device time joins the hash only when sent, so movements kept before it existed replay as before.
  const canonical = [input.id, input.registrationId, input.day, input.kind, input.personsOnBoard ?? null, input.persons ?? [], ...(input.at ? [input.at.toISOString()] : [])];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The regatta day (YYYY-MM-DD, the regatta's wall clock) of an instant. */
export const tallyDay = (at: Date, timeZone: string | null): string => zonedDay(at, timeZone);

/** The instant of the day's sign-in deadline, or null when the organizer set none. */
export function deadlineOf(day: string, deadline: string | null, timeZone: string | null): Date | null {
  if (!deadline) return null;
  const [hours, minutes] = deadline.split(':').map(Number) as [number, number];
  return zonedInstant(day, (hours * 60 + minutes) * 60_000, timeZone);
}

/** How many are on board when a boat signs: as stated, else as she signed out, else her entry's crew and helm (at least one). */
export function personsFor(input: Pick<MovementInput, 'kind' | 'personsOnBoard' | 'persons'>, boat: TallyBoat, lastOut: Movement | undefined): { personsOnBoard: number; persons: string[] } {
  if (input.personsOnBoard !== undefined) return { personsOnBoard: input.personsOnBoard, persons: input.persons ?? [] };
  if (input.persons && input.persons.length > 0) return { personsOnBoard: input.persons.length, persons: input.persons };
  if (input.kind === 'in' && lastOut) return { personsOnBoard: lastOut.personsOnBoard, persons: lastOut.persons };
  const persons = [...(boat.sailorName ? [boat.sailorName] : []), ...boat.crew];
  return { personsOnBoard: Math.max(1, persons.length), persons };
}

/** The day's movements in the order they happened (their times; equal times in the order kept). */
export const inOrder = (movements: readonly Movement[]): Movement[] => [...movements].sort((a, b) => a.at.getTime() - b.at.getTime());

/**
 * Each boat's state on the day from the day's movements in the order they happened (a sign-in kept
 * offline and sent late still comes after the sign-out before it): the last one decides.
 */
export function boatTallies(boats: readonly TallyBoat[], movements: readonly Movement[], deadline: Date | null, now: Date): BoatTally[] {
  const passed = deadline !== null && now.getTime() >= deadline.getTime();
  const ordered = inOrder(movements);
  return boats.map((boat) => {
    const own = ordered.filter((movement) => movement.registrationId === boat.registrationId);
    const last = own.at(-1);
    const lastOut = own.filter((movement) => movement.kind === 'out').at(-1);
    const lastIn = own.filter((movement) => movement.kind === 'in').at(-1);
    const state: BoatState = !last ? 'ashore' : last.kind === 'out' ? 'afloat' : 'returned';
    return {
      boat,
      state,
      personsOnBoard: last?.personsOnBoard ?? null,
      persons: last?.persons ?? [],
      signedOutAt: lastOut?.at ?? null,
      signedInAt: state === 'returned' ? (lastIn?.at ?? null) : null,
      flagged: state === 'afloat' && passed,
    };
  });
}

export interface TallySummary {
  afloat: number;
  personsAfloat: number;
  returned: number;
  ashore: number;
  flagged: number;
}

export function summarize(tallies: readonly BoatTally[]): TallySummary {
  const afloat = tallies.filter((tally) => tally.state === 'afloat');
  return {
    afloat: afloat.length,
    personsAfloat: afloat.reduce((sum, tally) => sum + (tally.personsOnBoard ?? 0), 0),
    returned: tallies.filter((tally) => tally.state === 'returned').length,
    ashore: tallies.filter((tally) => tally.state === 'ashore').length,
    flagged: tallies.filter((tally) => tally.flagged).length,
  };
}

export type Breach = 'sign_out' | 'sign_in';

export interface Miss {
  registrationId: string;
  boatId: string | null;
  fleetId: string;
  sailNumber: string | null;
  breach: Breach;
  /** The day's races of her fleet (the penalty lands on one of them, or all for DNC). */
  raceIds: string[];
}

/**
 * The misses of a closed day, judged as of `asOf` (the day's sign-in deadline; without one, the
 * closing) by the times the movements happened, not when they reached the server. A boat whose fleet
 * raced that day and who never signed out that day (signed in only, or not at all) missed the
 * sign-out (results-scoring penalizes only where she has a result: a boat that stayed ashore scores
 * DNC anyway); a boat afloat at `asOf` (signed out by then and not back by then) missed the sign-in.
 * So a sign-in tapped at 17:59 on a phone offline until 18:05 is in time for an 18:00 deadline, and
 * one tapped at 18:01 is late, whenever the day is closed.
 */
export function missesOf(boats: readonly TallyBoat[], movements: readonly Movement[], racesOfDay: ReadonlyMap<string, string[]>, asOf: Date): Miss[] {
  const atDeadline = boatTallies(boats, movements.filter((movement) => movement.at.getTime() <= asOf.getTime()), null, asOf);
  const misses: Miss[] = [];
  for (const tally of atDeadline) {
    const raceIds = racesOfDay.get(tally.boat.fleetId) ?? [];
    const base = { registrationId: tally.boat.registrationId, boatId: tally.boat.boatId, fleetId: tally.boat.fleetId, sailNumber: tally.boat.sailNumber, raceIds };
    const signedOut = movements.some((movement) => movement.registrationId === tally.boat.registrationId && movement.kind === 'out');
    if (!signedOut && raceIds.length > 0) misses.push({ ...base, breach: 'sign_out' });
    if (tally.state === 'afloat') misses.push({ ...base, breach: 'sign_in' });
  }
  return misses;
}

/** Whether the day may be closed at `now`: after its deadline (a day without deadline: after the day ended). */
export function mayClose(day: string, deadline: Date | null, timeZone: string | null, now: Date): boolean {
  const end = deadline ?? zonedInstant(day, 86_400_000, timeZone);
  return now.getTime() >= end.getTime();
}
