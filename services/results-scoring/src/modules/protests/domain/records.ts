/** A protest (or request, or inquiry) as stored, with its hearing and decision when they exist. */
import type { Consequence } from './consequence.js';
import type { ProtestStatus, ProtestType, ProtestorParty } from '@regatta/contracts';

export interface ProtestContact {
  name: string | null;
  email: string | null;
  phone: string | null;
}

export interface Hearing {
  startsAt: Date;
  room: string;
  partyBoatIds: string[];
  scheduledAt: Date;
  scheduledByUserId: string | null;
}

export interface RevisionRef {
  raceId: string;
  revisionId: string;
  seq: number;
}

export interface Decision {
  id: string;
  factsFound: string;
  conclusions: string;
  rulesApplied: string[];
  consequences: Consequence[];
  revisions: RevisionRef[];
  decidedAt: Date;
  decidedByUserId: string | null;
  decidedByKeyId: string | null;
  decidedVia: string;
}

/** Withdrawn with the protest committee's approval (rule 63.1): closed, no decision. */
export interface Withdrawal {
  reason: string;
  withdrawnAt: Date;
  byUserId: string | null;
  byKeyId: string | null;
}

export interface Protest {
  id: string;
  eventId: string;
  number: number;
  type: ProtestType;
  raceIds: string[];
  fleetIds: string[];
  protestorParty: ProtestorParty;
  protestorBoatId: string | null;
  protesteeBoatIds: string[];
  incident: string;
  rulesAlleged: string[];
  contact: ProtestContact | null;
  lodgedAt: Date;
  deadline: Date | null;
  late: boolean;
  status: ProtestStatus;
  lodgedByUserId: string | null;
  lodgedByKeyId: string | null;
  lodgedVia: string;
  hearing: Hearing | null;
  decision: Decision | null;
  withdrawal: Withdrawal | null;
}

export type NewProtest = Omit<Protest, 'id' | 'number' | 'status' | 'hearing' | 'decision' | 'withdrawal'>;
