/** Request shapes of the protest room's routes, validated at the edge (400 problem naming each field). */
import { REDRESS_METHODS, RESULT_CODES, RESULT_STATUSES } from '@regatta/contracts';
import { z } from 'zod';
import { CONSEQUENCE_ACTIONS, PROTEST_TYPES } from '@regatta/contracts';

const dateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone (e.g. 2025-06-01T12:00:00Z)' });
const id = z.string().trim().min(1).max(200);
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = z.string().trim().max(200).nullable().optional();

export const lodgeProtestBody = z.strictObject({
  type: z.enum(PROTEST_TYPES),
  raceIds: z.array(id).min(1).max(20),
  /** The boat lodging it; omitted (or null) when a committee lodges. */
  protestorBoat: id.nullable().optional(),
  protesteeBoats: z.array(id).max(20).optional(),
  incident: text(5_000),
  rulesAlleged: z.array(text(50)).max(20).optional(),
  /** Private: shown to the committee and the lodger only. */
  contact: z.strictObject({ name: optionalText, email: optionalText, phone: optionalText }).optional(),
});
export type LodgeProtestBody = z.infer<typeof lodgeProtestBody>;

export const scheduleHearingBody = z.strictObject({
  startsAt: dateTime,
  room: text(200),
  /** Boat ids of the parties; default the protestor boat and the protestees. */
  parties: z.array(id).max(50).optional(),
});

export const withdrawBody = z.strictObject({
  /** Why, as the protest committee approved it (rule 63.1), e.g. "protestor withdrew before the hearing". */
  reason: text(2000),
});

const consequenceSchema = z
  .strictObject({
    boat: id,
    /** One of the case's races; may be omitted when the case names one race. */
    race: id.optional(),
    action: z.enum(CONSEQUENCE_ACTIONS),
    /** dpi: points added; rdg with method points: the points stated (A9(c)). */
    points: z.number().min(0).max(10_000).optional(),
    /** scp: percent of the DNF score (default 20). */
    percent: z.number().min(0).max(100).optional(),
    /** rdg: A9 method (default: the fleet's redress.defaultMethod, A9(a) when none). */
    method: z.enum(REDRESS_METHODS).optional(),
    /** correct: the status, code and finish time as they should be. */
    status: z.enum(RESULT_STATUSES).optional(),
    code: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(RESULT_CODES))
      .nullable()
      .optional(),
    finishTime: dateTime.nullable().optional(),
  })
  .superRefine((c, ctx) => {
    const only = (field: 'points' | 'percent' | 'method' | 'status' | 'code' | 'finishTime', allowed: boolean, message: string) => {
      if (c[field] !== undefined && !allowed) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    only('points', c.action === 'dpi' || (c.action === 'rdg' && c.method === 'points'), 'points go with action dpi, or rdg with method points');
    only('percent', c.action === 'scp', 'percent goes with action scp');
    only('method', c.action === 'rdg', 'method goes with action rdg');
    for (const field of ['status', 'code', 'finishTime'] as const) only(field, c.action === 'correct', `${field} goes with action correct`);
    if (c.action === 'dpi' && c.points === undefined) ctx.addIssue({ code: 'custom', path: ['points'], message: 'action dpi needs the points' });
    if (c.action === 'rdg' && c.method === 'points' && c.points === undefined) ctx.addIssue({ code: 'custom', path: ['points'], message: 'redress by points stated needs the points' });
    if (c.action === 'correct' && c.status === undefined && c.code === undefined && c.finishTime === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'a correction gives the status, code or finish time' });
    }
  });

export const decideBody = z.strictObject({
  factsFound: text(10_000),
  conclusions: text(10_000),
  rulesApplied: z.array(text(50)).max(20).optional(),
  /** Empty or omitted: no action. */
  consequences: z.array(consequenceSchema).max(100).optional(),
});
export type DecideBody = z.infer<typeof decideBody>;

export const protestsQuery = z.object({ race: id.optional() });

export const protestParams = z.object({ slug: z.string().min(1).max(200), protestId: z.string().min(1).max(200) });
