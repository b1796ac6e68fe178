/**
 * The protest room on the public notice board: the facts protest.lodged, hearing.scheduled
 * and decision.published kept as case records (boat and race ids), and the public case a spectator
 * sees (boats by sail number and name, races by number and fleet). Pure: no I/O, no clock.
 *
 * What is public follows results-scoring's modules/protests/domain/visibility.ts: anyone sees a case once a
 * hearing is scheduled or a decision published, never the incident description or contact details
 * (the facts do not even carry them), and here never user ids or boat ids either.
 */
import type { DecisionPublished, HearingScheduled, ProtestLodged, ProtestWithdrawn } from '@regatta/contracts';
import { iso } from './snapshots.js';

/** What protest.lodged says of a case (hearing.scheduled alone fills what it carries). */
export interface CaseLodging {
  protestId: string;
  number: number;
  type: string;
  raceIds: string[];
  protestorParty: string | null;
  protestorBoatId: string | null;
  protesteeBoatIds: string[];
  rulesAlleged: string[];
  lodgedAt: string | null;
  late: boolean;
}

export interface CaseHearing {
  startsAt: string | null;
  room: string;
  partyBoatIds: string[];
  /** When it was set (the fact's time): a later scheduling replaces an earlier one, never the reverse. */
  scheduledAt: string;
}

export interface CaseConsequence {
  boatId: string;
  raceId: string;
  action: string;
  points: number | null;
  percent: number | null;
  method: string | null;
  code: string | null;
}

export interface CaseDecision {
  decidedAt: string | null;
  factsFound: string;
  conclusions: string;
  rulesApplied: string[];
  consequences: CaseConsequence[];
}

/** Withdrawn with the protest committee's approval (rule 63.1): closed without a decision. */
export interface CaseWithdrawal {
  withdrawnAt: string | null;
}

/** A case as the read model keeps it. */
export interface CaseRecord extends CaseLodging {
  hearing: CaseHearing | null;
  decision: CaseDecision | null;
  withdrawal: CaseWithdrawal | null;
}

export function caseLodging(fact: ProtestLodged): CaseLodging {
  return {
    protestId: fact.protestId,
    number: fact.number,
    type: fact.type,
    raceIds: [...fact.raceIds],
    protestorParty: fact.protestorParty || null,
    protestorBoatId: fact.protestorBoatId ?? null,
    protesteeBoatIds: [...fact.protesteeBoatIds],
    rulesAlleged: [...fact.rulesAlleged],
    lodgedAt: iso(fact.lodgedAt),
    late: fact.late,
  };
}

/** The lodging part known from a hearing fact alone (used only when protest.lodged has not been seen). */
export function lodgingFromHearing(fact: HearingScheduled | DecisionPublished | ProtestWithdrawn): CaseLodging {
  return { protestId: fact.protestId, number: fact.number, type: fact.type, raceIds: [...fact.raceIds], protestorParty: null, protestorBoatId: null, protesteeBoatIds: [], rulesAlleged: [], lodgedAt: null, late: false };
}

export function caseHearing(fact: HearingScheduled, scheduledAt: Date): CaseHearing {
  return { startsAt: iso(fact.startsAt), room: fact.room, partyBoatIds: [...fact.partyBoatIds], scheduledAt: scheduledAt.toISOString() };
}

export function caseDecision(fact: DecisionPublished): CaseDecision {
  return {
    decidedAt: iso(fact.decidedAt),
    factsFound: fact.factsFound,
    conclusions: fact.conclusions,
    rulesApplied: [...fact.rulesApplied],
    consequences: fact.consequences.map((c) => ({
      boatId: c.boatId,
      raceId: c.raceId,
      action: c.action,
      points: c.points ?? null,
      percent: c.percent ?? null,
      method: c.method ?? null,
      code: c.code ?? null,
    })),
  };
}

/** On the public notice board: a hearing is scheduled or a decision published (visibility.ts 'notice'). */
export const onNoticeBoard = (record: Pick<CaseRecord, 'hearing' | 'decision'>) => record.hearing !== null || record.decision !== null;

// ---------------------------------------------------------------------------------------------
// The public case

/** A boat as the public sees her on the notice board: sail number and name only (null when unknown). */
export interface PublicBoatRef {
  sailNumber: string | null;
  boatName: string | null;
}

export interface PublicCaseRace {
  raceNumber: number | null;
  fleetName: string | null;
}

export interface PublicConsequence {
  boat: PublicBoatRef;
  raceNumber: number | null;
  action: string;
  points: number | null;
  percent: number | null;
  method: string | null;
  code: string | null;
  /** The consequence as a reader says it ("Disqualified (DSQ)", "Redress (RDG, A9(a)): ..."). */
  summary: string;
}

export interface PublicCase {
  number: number;
  type: string;
  /** `scheduled` (a hearing is set), `decided`, or `withdrawn` (closed without a decision, rule 63.1). */
  status: 'scheduled' | 'decided' | 'withdrawn';
  races: PublicCaseRace[];
  protestor: { party: string | null; boat: PublicBoatRef | null };
  protestees: PublicBoatRef[];
  rulesAlleged: string[];
  late: boolean;
  lodgedAt: string | null;
  hearing: { startsAt: string | null; room: string; parties: PublicBoatRef[] } | null;
  decision: {
    decidedAt: string | null;
    /** No action, penalty, redress, correction (joined with "and" when a decision does several). */
    outcome: string;
    factsFound: string;
    conclusions: string;
    rulesApplied: string[];
    consequences: PublicConsequence[];
  } | null;
}

/** Names of the races and boats a case refers to, from the read model. */
export interface CaseLookups {
  races: ReadonlyMap<string, { raceNumber: number; fleetName: string | null }>;
  boats: ReadonlyMap<string, PublicBoatRef>;
}

const RDG_METHODS: Record<string, string> = {
  average_all: 'average of her other races, A9(a)',
  average_before: 'average of her races before the incident, A9(b)',
  points: 'points stated',
};

const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** One consequence in words (the JSON carries the fields too, for machines). */
export function consequenceSummary(c: Pick<CaseConsequence, 'action' | 'points' | 'percent' | 'method' | 'code'>): string {
  switch (c.action) {
    case 'dsq':
      return 'Disqualified (DSQ)';
    case 'dne':
      return 'Disqualified, not excludable (DNE)';
    case 'dpi':
      return `Discretionary penalty (DPI)${c.points !== null ? `: ${points(c.points)} point${c.points === 1 ? '' : 's'} added` : ''}`;
    case 'scp':
      return `Scoring penalty (SCP)${c.percent !== null ? `: ${points(c.percent)}% of the DNF score added (points)` : ''}`;
    case 'rdg': {
      const how = c.method === 'points' && c.points !== null ? `${points(c.points)} points stated` : (RDG_METHODS[c.method ?? ''] ?? null);
      return `Redress (RDG)${how ? `: ${how}` : ''}`;
    }
    case 'correct':
      return `Score corrected${c.code ? ` (${c.code})` : ''}`;
    default:
      return c.action.toUpperCase();
  }
}

const OUTCOMES: Record<string, string> = { dsq: 'penalty', dne: 'penalty', dpi: 'penalty', scp: 'penalty', rdg: 'redress', correct: 'correction' };

/** The decision's outcome: "No action", "Penalty", "Redress", "Correction", or several joined. */
export function decisionOutcome(consequences: ReadonlyArray<Pick<CaseConsequence, 'action'>>): string {
  const kinds = [...new Set(consequences.map((c) => OUTCOMES[c.action] ?? c.action))];
  if (kinds.length === 0) return 'No action';
  const text = kinds.join(' and ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const UNKNOWN_BOAT: PublicBoatRef = { sailNumber: null, boatName: null };

export function publicCase(record: CaseRecord, lookups: CaseLookups): PublicCase {
  const boat = (id: string): PublicBoatRef => lookups.boats.get(id) ?? UNKNOWN_BOAT;
  const raceNumber = (id: string) => lookups.races.get(id)?.raceNumber ?? null;
  const decision = record.decision;
  return {
    number: record.number,
    type: record.type,
    status: decision ? 'decided' : record.withdrawal ? 'withdrawn' : 'scheduled',
    races: record.raceIds.map((id) => ({ raceNumber: raceNumber(id), fleetName: lookups.races.get(id)?.fleetName ?? null })),
    protestor: { party: record.protestorParty, boat: record.protestorBoatId ? boat(record.protestorBoatId) : null },
    protestees: record.protesteeBoatIds.map(boat),
    rulesAlleged: record.rulesAlleged,
    late: record.late,
    lodgedAt: record.lodgedAt,
    hearing: record.hearing ? { startsAt: record.hearing.startsAt, room: record.hearing.room, parties: record.hearing.partyBoatIds.map(boat) } : null,
    decision: decision
      ? {
          decidedAt: decision.decidedAt,
          outcome: decisionOutcome(decision.consequences),
          factsFound: decision.factsFound,
          conclusions: decision.conclusions,
          rulesApplied: decision.rulesApplied,
          consequences: decision.consequences.map((c) => ({
            boat: boat(c.boatId),
            raceNumber: raceNumber(c.raceId),
            action: c.action,
            points: c.points,
            percent: c.percent,
            method: c.method,
            code: c.code,
            summary: consequenceSummary(c),
          })),
        }
      : null,
  };
}

/** Every public case of a regatta in number order (cases not yet on the board are left out here too). */
export function publicCases(records: CaseRecord[], lookups: CaseLookups): PublicCase[] {
  return records.filter(onNoticeBoard).sort((a, b) => a.number - b.number).map((record) => publicCase(record, lookups));
}

/** The hearing schedule: cases with a hearing, earliest first (then by number). */
export function hearingSchedule(cases: PublicCase[]): PublicCase[] {
  return cases.filter((c) => c.hearing !== null).sort((a, b) => (a.hearing!.startsAt ?? '').localeCompare(b.hearing!.startsAt ?? '') || a.number - b.number);
}

/** A boat the read model knows by id (registrations first, then results of the regatta). */
export interface KnownBoat {
  id: string;
  sailNumber: string | null;
  boatName: string | null;
}

/** Lookups from read-model rows; the first row naming a boat wins (callers list registrations first). */
export function caseLookups(
  races: ReadonlyArray<{ id: string; raceNumber: number; fleetId: string }>,
  fleets: ReadonlyArray<{ id: string; name: string }>,
  boats: ReadonlyArray<KnownBoat>,
): CaseLookups {
  const fleetName = new Map(fleets.map((f) => [f.id, f.name] as const));
  const boatRefs = new Map<string, PublicBoatRef>();
  for (const b of boats) if (!boatRefs.has(b.id)) boatRefs.set(b.id, { sailNumber: b.sailNumber, boatName: b.boatName });
  return {
    races: new Map(races.map((r) => [r.id, { raceNumber: r.raceNumber, fleetName: fleetName.get(r.fleetId) ?? null }] as const)),
    boats: boatRefs,
  };
}

export function caseWithdrawal(fact: ProtestWithdrawn): CaseWithdrawal {
  return { withdrawnAt: iso(fact.withdrawnAt) };
}
