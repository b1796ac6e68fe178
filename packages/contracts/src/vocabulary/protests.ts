/**
 * The protest room's vocabulary (RRS 2025–2028 Part 5, rules 60–66): what may be lodged, by whom,
 * where a case stands, and what a decision may do to the scores.
 */

/**
 * boat: protest boat v boat (rule 60.1(a)); race_committee / protest_committee: a committee protests a
 * boat (60.2(a), 60.3(a)); redress: request for redress (rule 62); reopen: request to reopen a hearing
 * (rule 66); scoring_inquiry: a boat asks the race committee to check her score (A11 / rule 90.3(c)).
 */
export const PROTEST_TYPES = ['boat', 'race_committee', 'protest_committee', 'redress', 'reopen', 'scoring_inquiry'] as const;
export type ProtestType = (typeof PROTEST_TYPES)[number];

/** Types only the race or protest committee lodges (the lodger must be of the event's organization). */
export const COMMITTEE_TYPES: readonly ProtestType[] = ['race_committee', 'protest_committee'];
/** Types where a protestee boat is required (a protest is always against someone, rule 61.2(a)). */
export const NEEDS_PROTESTEE: readonly ProtestType[] = ['boat', 'race_committee', 'protest_committee'];
/** Types lodged by a boat (the protestor boat is required). */
export const NEEDS_PROTESTOR_BOAT: readonly ProtestType[] = ['boat', 'scoring_inquiry'];

/**
 * lodged → scheduled (a hearing is set) → decided; a lodged or scheduled case is an open hearing.
 * withdrawn: closed without a decision, with the protest committee's approval (rule 63.1).
 */
export const PROTEST_STATUSES = ['lodged', 'scheduled', 'decided', 'withdrawn'] as const;
export type ProtestStatus = (typeof PROTEST_STATUSES)[number];
export const OPEN_STATUSES: readonly ProtestStatus[] = ['lodged', 'scheduled'];

/** Who lodged it: a boat (by her owner's key or session) or a committee (a member of the organization). */
export const PROTESTOR_PARTIES = ['boat', 'race_committee', 'protest_committee'] as const;
export type ProtestorParty = (typeof PROTESTOR_PARTIES)[number];

/**
 * What a decision does to one boat's score in one race:
 *   dsq, dne       disqualified (DNE not excludable); boats behind move up a place (A6.1)
 *   dpi            discretionary penalty: stated points added to her place, capped at the DNF score
 *   scp            scoring penalty (rule 44.3(c), 2025-2028): points equal to percent (default 20) of the
 *                  DNF score, to the nearest tenth (0.05 up), added to her score, capped likewise
 *   rdg            redress (rule 64.2, A9): average_all = A9(a), average_before = A9(b), points = points the
 *                  committee states (e.g. A9(c): the score of her position at the time of the incident)
 *   correct        correction after a scoring inquiry: status, code and finish time as they should be
 * DPI, SCP and RDG leave other boats' scores as they are (44.3(c), A6.2).
 */
export const CONSEQUENCE_ACTIONS = ['dsq', 'dne', 'dpi', 'scp', 'rdg', 'correct'] as const;
export type ConsequenceAction = (typeof CONSEQUENCE_ACTIONS)[number];
