/**
 * The jury room's forms check what the API checks (protests.yaml lodgeProtest, scheduleHearing,
 * decideProtest) before anything is sent: which boats a case type names (a boat protest names the
 * protestor and at least one protestee, a committee protest no protestor, a boat never herself), at
 * least one race, the incident; a hearing's time and room; a decision's facts and conclusions, and
 * each consequence with only the fields of its action (DPI points, SCP percent, RDG method and stated
 * points, a correction's status or code). Rules are typed as a list: "10, 31".
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';
import { instantToWallTime, wallTimeToInstant } from '../fleets/zoned-time';

export const CASE_TYPES = ['boat', 'race_committee', 'protest_committee', 'redress', 'reopen', 'scoring_inquiry'] as const;
export type CaseType = (typeof CASE_TYPES)[number];
export const COMMITTEE_TYPES: readonly CaseType[] = ['race_committee', 'protest_committee'];
/** Lodged by a boat (a request for redress or to reopen may also come from a committee: no boat). */
export const NEEDS_PROTESTOR_BOAT: readonly CaseType[] = ['boat', 'scoring_inquiry'];

export const ACTIONS = ['dsq', 'dne', 'dpi', 'scp', 'rdg', 'correct'] as const;
export type Action = (typeof ACTIONS)[number];
export const METHODS = ['average_all', 'average_before', 'points'] as const;
export const STATUSES = ['finished', 'dnf', 'dns', 'dsq', 'dnc', 'raf'] as const;

export type Protest = Schemas['Protest'];

const text = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

/** "10, 31 , 28.1" → ["10", "31", "28.1"]; empty items dropped. */
export function ruleList(value: string): string[] {
  return value.split(/[,;]/).map((rule) => rule.trim()).filter((rule) => rule !== '');
}

const rules = z.string().max(2000, 'validation.tooLong').refine((value) => ruleList(value).every((rule) => rule.length <= 50), 'validation.tooLong');

export const lodgeSchema = z
  .object({
    type: z.enum(CASE_TYPES),
    protestorBoat: z.string(),
    protesteeBoats: z.array(z.string()).max(20, 'validation.tooLong'),
    raceIds: z.array(z.string()).min(1, 'jury:validation.race').max(20, 'validation.tooLong'),
    incident: text(5000),
    rulesAlleged: rules,
    contactName: z.string().trim().max(200, 'validation.tooLong'),
    contactEmail: z.string().trim().max(200, 'validation.tooLong'),
    contactPhone: z.string().trim().max(200, 'validation.tooLong'),
  })
  .superRefine((values, ctx) => {
    const committee = COMMITTEE_TYPES.includes(values.type);
    if (committee && values.protestorBoat !== '') ctx.addIssue({ code: 'custom', path: ['protestorBoat'], message: 'jury:validation.committeeNoProtestor' });
    if (NEEDS_PROTESTOR_BOAT.includes(values.type) && values.protestorBoat === '') ctx.addIssue({ code: 'custom', path: ['protestorBoat'], message: 'jury:validation.protestor' });
    if ((values.type === 'boat' || committee) && values.protesteeBoats.length === 0) ctx.addIssue({ code: 'custom', path: ['protesteeBoats'], message: 'jury:validation.protestee' });
    if (values.protestorBoat !== '' && values.protesteeBoats.includes(values.protestorBoat)) ctx.addIssue({ code: 'custom', path: ['protesteeBoats'], message: 'jury:validation.herself' });
  });
export type LodgeValues = z.infer<typeof lodgeSchema>;

export const emptyLodging: LodgeValues = { type: 'boat', protestorBoat: '', protesteeBoats: [], raceIds: [], incident: '', rulesAlleged: '', contactName: '', contactEmail: '', contactPhone: '' };

/** A request to reopen a decided case (rule 66): a new case about the same races and boats. */
export function reopenOf(protest: Protest): LodgeValues {
  return {
    ...emptyLodging,
    type: 'reopen',
    protestorBoat: protest.protestor.boat ?? '',
    protesteeBoats: protest.protestees.filter((boat) => boat !== protest.protestor.boat),
    raceIds: [...protest.raceIds],
  };
}

export function toLodging(values: LodgeValues): Schemas['ProtestLodging'] {
  const contact = { name: values.contactName || null, email: values.contactEmail || null, phone: values.contactPhone || null };
  return {
    type: values.type,
    raceIds: values.raceIds,
    ...(values.protestorBoat ? { protestorBoat: values.protestorBoat } : {}),
    ...(values.protesteeBoats.length > 0 ? { protesteeBoats: values.protesteeBoats } : {}),
    incident: values.incident.trim(),
    ...(ruleList(values.rulesAlleged).length > 0 ? { rulesAlleged: ruleList(values.rulesAlleged) } : {}),
    ...(contact.name || contact.email || contact.phone ? { contact } : {}),
  };
}

export const hearingSchema = z.object({
  startsAt: z.string().refine((value) => wallTimeToInstant(value) !== null, 'validation.date'),
  room: text(200),
});
export type HearingValues = z.infer<typeof hearingSchema>;

/**
 * A hearing is set on the venue's clock: the datetime-local value is a wall-clock time in the
 * regatta's time zone (the browser's own zone only where the regatta has none), sent as the instant.
 */
export function toHearing(values: HearingValues, timeZone: string | null): { startsAt: string; room: string } {
  return { startsAt: wallTimeToInstant(values.startsAt, timeZone) ?? values.startsAt, room: values.room.trim() };
}

/** A hearing's instant as the datetime-local value the regatta's clock shows (minutes). */
export function toLocalInput(iso: string, timeZone: string | null): string {
  return instantToWallTime(iso, timeZone);
}

const decimal = (value: string) => Number(value.trim().replace(',', '.'));
const isNumber = (value: string, max: number) => value.trim() !== '' && Number.isFinite(decimal(value)) && decimal(value) >= 0 && decimal(value) <= max;

const consequence = z
  .object({
    boat: z.string().min(1, 'validation.required'),
    race: z.string(),
    action: z.enum(ACTIONS),
    points: z.string(),
    percent: z.string(),
    method: z.enum(METHODS),
    status: z.string(),
    code: z.string(),
  })
  .superRefine((value, ctx) => {
    const needsPoints = value.action === 'dpi' || (value.action === 'rdg' && value.method === 'points');
    if (needsPoints && !isNumber(value.points, 10_000)) ctx.addIssue({ code: 'custom', path: ['points'], message: 'validation.number' });
    if (value.action === 'scp' && value.percent.trim() !== '' && !isNumber(value.percent, 100)) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'validation.number' });
    if (value.action === 'correct' && value.status === '' && value.code === '') ctx.addIssue({ code: 'custom', path: ['status'], message: 'jury:validation.correction' });
  });
export type ConsequenceValues = z.infer<typeof consequence>;

export const decisionSchema = z.object({
  factsFound: text(10_000),
  conclusions: text(10_000),
  rulesApplied: rules,
  consequences: z.array(consequence).max(100, 'validation.tooLong'),
});
export type DecisionValues = z.infer<typeof decisionSchema>;

export function emptyConsequence(protest: Protest): ConsequenceValues {
  return { boat: protest.protestees[0] ?? protest.protestor.boat ?? '', race: protest.raceIds[0] ?? '', action: 'dsq', points: '', percent: '', method: 'average_all', status: '', code: '' };
}

/** Each consequence carries only the fields of its action (400 validation_failed otherwise). */
export function toDecision(values: DecisionValues): Schemas['ProtestConsequenceInput'][] {
  return values.consequences.map((c) => {
    const base = { boat: c.boat, action: c.action, ...(c.race ? { race: c.race } : {}) };
    switch (c.action) {
      case 'dpi':
        return { ...base, points: decimal(c.points) };
      case 'scp':
        return { ...base, ...(c.percent.trim() ? { percent: decimal(c.percent) } : {}) };
      case 'rdg':
        return { ...base, method: c.method, ...(c.method === 'points' ? { points: decimal(c.points) } : {}) };
      case 'correct':
        return { ...base, ...(c.status ? { status: c.status as (typeof STATUSES)[number] } : {}), ...(c.code ? { code: c.code as Schemas['ProtestConsequenceInput']['code'] } : {}) };
      default:
        return base;
    }
  });
}

export function decisionRequest(values: DecisionValues) {
  const rulesApplied = ruleList(values.rulesApplied);
  return { factsFound: values.factsFound.trim(), conclusions: values.conclusions.trim(), ...(rulesApplied.length ? { rulesApplied } : {}), consequences: toDecision(values) };
}

/**
 * The API names a refused consequence by its place (`consequences.1.boat`, `body.consequences[1].method`):
 * the index and the field, to show the refusal on that consequence.
 */
export function consequenceError(field: string): { index: number; field: keyof ConsequenceValues } | null {
  const match = /^(?:body\.)?consequences(?:\.|\[)(\d+)\]?(?:\.(\w+))?/.exec(field);
  if (!match) return null;
  const known: readonly string[] = ['boat', 'race', 'action', 'points', 'percent', 'method', 'status', 'code'];
  const name = match[2] && known.includes(match[2]) ? match[2] : match[2] === 'finishTime' ? 'status' : 'action';
  return { index: Number(match[1]), field: name as keyof ConsequenceValues };
}
