/**
 * The fleet, race and split-series forms check what the API checks (fleets.yaml createFleet and
 * updateFleet, races.yaml scheduleRace and updateRace, engine-options.yaml, split-series.yaml
 * defineSplitSeries), and turn what a person typed into the API's bodies. Inputs are kept as text
 * (a decimal comma is read as a point) so nothing typed is lost while it is not yet a number.
 * Messages are i18n keys: common's validation.* or this feature's fleets:validation.*.
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';
import { wallTimeToInstant } from './zoned-time';

// The platform's one vocabulary (@regatta/contracts), as the services use it.
import { HANDICAP_PARAMS, HANDICAP_SYSTEMS, PENALTY_BASES, REDRESS_DEFAULT_METHODS as REDRESS_METHODS, SCORING_SYSTEMS, type ParamSpec } from '@regatta/contracts/vocabulary';

export { HANDICAP_PARAMS, HANDICAP_SYSTEMS, PENALTY_BASES, REDRESS_METHODS, SCORING_SYSTEMS, type ParamSpec };
export const SPLIT_CARRY = ['continuous', 'net_plus_net', 'rank_seed'] as const;

export type HandicapSystem = (typeof HANDICAP_SYSTEMS)[number];
export type Fleet = Schemas['Fleet'];
export type Race = Schemas['Race'];
export type FleetRequest = Schemas['CreateFleetRequest'];

/** Fleets scored on time over distance need a course distance on every race. */
export const TIME_ON_DISTANCE: readonly HandicapSystem[] = ['phrf_tod', 'orc_tod'];

export function paramsOf(system: HandicapSystem): Array<[string, ParamSpec]> {
  return Object.entries(HANDICAP_PARAMS[system] ?? {});
}

/** A number as typed ("0,3" or "0.3"); NaN when it is not one. */
export function parseNumber(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Why `text` is not a number in [min, max] (a whole number when `integer`), or undefined when it is. */
export function numberProblem(text: string, spec: { min: number; max: number; integer?: boolean | undefined }): string | undefined {
  if (text.trim() === '') return 'validation.required';
  const value = parseNumber(text);
  if (Number.isNaN(value)) return 'validation.number';
  if (spec.integer && !Number.isInteger(value)) return 'fleets:validation.wholeNumber';
  if (value < spec.min) return 'validation.min';
  if (value > spec.max) return 'validation.max';
  return undefined;
}

/**
 * A comma list of race counts ("4, 8") as the API's discard thresholds: whole numbers 1-200, at most
 * 20, strictly increasing. Returns the list or the message key of its first problem.
 */
export function parseThresholds(text: string): { values: number[] } | { problem: string } {
  const items = text.split(/[,;\s]+/).map((item) => item.trim()).filter(Boolean);
  const values: number[] = [];
  for (const item of items) {
    if (!/^\d+$/.test(item)) return { problem: 'fleets:validation.thresholdList' };
    const value = Number(item);
    if (value < 1 || value > 200) return { problem: 'fleets:validation.thresholdRange' };
    if (values.length > 0 && value <= values[values.length - 1]!) return { problem: 'fleets:validation.thresholdOrder' };
    values.push(value);
  }
  if (values.length > 20) return { problem: 'fleets:validation.thresholdCount' };
  return { values };
}

const text = z.string();

export const fleetFormSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    scoringSystem: z.enum(SCORING_SYSTEMS),
    penaltyBasis: z.enum(PENALTY_BASES),
    finishersPlus: z.object({ dnf: text, dnc: text }),
    handicap: z.object({ system: z.enum(HANDICAP_SYSTEMS), params: z.record(z.string(), text) }),
    dropRaces: text,
    discardThresholds: text,
    proportional: z.boolean(),
    proportionalDiscards: z.object({ firstAt: text, everyRaces: text }),
    redress: z.object({ defaultMethod: z.enum(['', ...REDRESS_METHODS]), excludeDnc: z.boolean() }),
  })
  .superRefine((values, ctx) => {
    const check = (path: Array<string>, value: string, spec: { min: number; max: number; integer?: boolean | undefined }) => {
      const problem = numberProblem(value, spec);
      if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
    };
    if (values.penaltyBasis === 'finishers_plus') {
      check(['finishersPlus', 'dnf'], values.finishersPlus.dnf, { min: 0, max: 100, integer: true });
      check(['finishersPlus', 'dnc'], values.finishersPlus.dnc, { min: 0, max: 100, integer: true });
    }
    for (const [name, spec] of paramsOf(values.handicap.system)) check(['handicap', 'params', name], values.handicap.params[name] ?? '', spec);
    if (values.proportional) {
      check(['proportionalDiscards', 'firstAt'], values.proportionalDiscards.firstAt, { min: 1, max: 200, integer: true });
      check(['proportionalDiscards', 'everyRaces'], values.proportionalDiscards.everyRaces, { min: 1, max: 200, integer: true });
    } else {
      check(['dropRaces'], values.dropRaces, { min: 0, max: 50, integer: true });
      const thresholds = parseThresholds(values.discardThresholds);
      if ('problem' in thresholds) ctx.addIssue({ code: 'custom', path: ['discardThresholds'], message: thresholds.problem });
    }
  });
export type FleetValues = z.infer<typeof fleetFormSchema>;

/** Every system's parameters at the API's defaults, so switching systems shows what it will use. */
export function defaultParams(): Record<string, string> {
  const params: Record<string, string> = {};
  for (const system of HANDICAP_SYSTEMS) for (const [name, spec] of paramsOf(system)) params[name] = String(spec.default);
  return params;
}

export function defaultFleetValues(): FleetValues {
  return {
    name: '',
    scoringSystem: 'low_point',
    penaltyBasis: 'series_entries',
    finishersPlus: { dnf: '1', dnc: '2' },
    handicap: { system: 'one_design', params: defaultParams() },
    dropRaces: '0',
    discardThresholds: '',
    proportional: false,
    proportionalDiscards: { firstAt: '4', everyRaces: '4' },
    redress: { defaultMethod: '', excludeDnc: false },
  };
}

/** A stored fleet as the form shows it (its own parameters over the defaults of every system). */
export function fleetToValues(fleet: Fleet): FleetValues {
  const base = defaultFleetValues();
  const params = { ...base.handicap.params };
  for (const [name, value] of Object.entries(fleet.handicap.params ?? {})) params[name] = String(value);
  return {
    name: fleet.name,
    scoringSystem: fleet.scoringSystem,
    penaltyBasis: fleet.penaltyBasis,
    finishersPlus: fleet.finishersPlus ? { dnf: String(fleet.finishersPlus.dnf), dnc: String(fleet.finishersPlus.dnc) } : base.finishersPlus,
    handicap: { system: fleet.handicap.system, params },
    dropRaces: String(fleet.dropRaces),
    discardThresholds: fleet.discardThresholds.join(', '),
    proportional: !!fleet.proportionalDiscards,
    proportionalDiscards: fleet.proportionalDiscards
      ? { firstAt: String(fleet.proportionalDiscards.firstAt), everyRaces: String(fleet.proportionalDiscards.everyRaces) }
      : base.proportionalDiscards,
    redress: { defaultMethod: fleet.redress?.defaultMethod ?? '', excludeDnc: fleet.redress?.excludeDnc ?? false },
  };
}

/** The create (or full update) body of checked form values. */
export function toFleetRequest(values: FleetValues): FleetRequest {
  const params: Record<string, number> = {};
  for (const [name] of paramsOf(values.handicap.system)) params[name] = parseNumber(values.handicap.params[name] ?? '');
  const thresholds = parseThresholds(values.discardThresholds);
  return {
    name: values.name.trim(),
    scoringSystem: values.scoringSystem,
    penaltyBasis: values.penaltyBasis,
    finishersPlus: values.penaltyBasis === 'finishers_plus' ? { dnf: parseNumber(values.finishersPlus.dnf), dnc: parseNumber(values.finishersPlus.dnc) } : null,
    handicap: (Object.keys(params).length > 0 ? { system: values.handicap.system, params } : { system: values.handicap.system }) as Schemas['FleetHandicapInput'],
    dropRaces: values.proportional ? 0 : parseNumber(values.dropRaces),
    discardThresholds: values.proportional || 'problem' in thresholds ? [] : thresholds.values,
    proportionalDiscards: values.proportional
      ? { firstAt: parseNumber(values.proportionalDiscards.firstAt), everyRaces: parseNumber(values.proportionalDiscards.everyRaces) }
      : null,
    redress: values.redress.defaultMethod ? { defaultMethod: values.redress.defaultMethod, excludeDnc: values.redress.excludeDnc } : null,
  };
}

/**
 * The fields of `after` that differ from `before`: an edit sends only what changed, so an unchanged
 * scoring set-up never re-scores the fleet and an unchanged handicap never asks for ratings again.
 */
export function changedFleetFields(before: FleetRequest, after: FleetRequest): Partial<FleetRequest> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify((before as Record<string, unknown>)[key])) changed[key] = value;
  }
  return changed as Partial<FleetRequest>;
}

/** A race to schedule: name and number optional (the API numbers on), the start on the regatta's clock. */
export function raceFormSchema(timeOnDistance: boolean) {
  return z
    .object({
      name: z.string().trim().max(100, 'validation.tooLong'),
      raceNumber: text,
      scheduledStart: text,
      courseDistanceNm: text,
    })
    .superRefine((values, ctx) => {
      if (values.raceNumber.trim() !== '') {
        const problem = numberProblem(values.raceNumber, { min: 1, max: 10_000, integer: true });
        if (problem) ctx.addIssue({ code: 'custom', path: ['raceNumber'], message: problem });
      }
      if (values.scheduledStart.trim() !== '' && wallTimeToInstant(values.scheduledStart) === null) {
        ctx.addIssue({ code: 'custom', path: ['scheduledStart'], message: 'fleets:validation.dateTime' });
      }
      if (values.courseDistanceNm.trim() !== '' || timeOnDistance) {
        const problem = numberProblem(values.courseDistanceNm, { min: 0, max: 10_000 });
        const zero = !problem && parseNumber(values.courseDistanceNm) === 0 ? 'validation.min' : undefined;
        if (problem ?? zero) ctx.addIssue({ code: 'custom', path: ['courseDistanceNm'], message: (problem ?? zero)! });
      }
    });
}
export type RaceValues = z.infer<ReturnType<typeof raceFormSchema>>;

export const emptyRaceValues: RaceValues = { name: '', raceNumber: '', scheduledStart: '', courseDistanceNm: '' };

export function toRaceRequest(values: RaceValues, fleetId: string, timeZone: string | null | undefined): Schemas['CreateRaceRequest'] {
  const body: Schemas['CreateRaceRequest'] = { fleetId };
  if (values.name.trim()) body.name = values.name.trim();
  if (values.raceNumber.trim()) body.raceNumber = parseNumber(values.raceNumber);
  if (values.scheduledStart.trim()) body.scheduledStart = wallTimeToInstant(values.scheduledStart, timeZone);
  if (values.courseDistanceNm.trim()) body.courseDistanceNm = parseNumber(values.courseDistanceNm);
  return body;
}

/** Moving a race: a new start on the regatta's clock (required). */
export const moveRaceSchema = z.object({
  scheduledStart: z
    .string()
    .refine((value) => value.trim() !== '', 'validation.required')
    .refine((value) => value.trim() === '' || wallTimeToInstant(value) !== null, 'fleets:validation.dateTime'),
});
export type MoveRaceValues = z.infer<typeof moveRaceSchema>;

/** The races of one fleet in sailing order: by scheduled start (unscheduled last), then by number. */
export function racesOfFleet(races: readonly Race[], fleetId: string): Race[] {
  return races
    .filter((race) => race.fleetId === fleetId)
    .sort((a, b) => {
      const at = a.scheduledStart ? Date.parse(a.scheduledStart) : Number.POSITIVE_INFINITY;
      const bt = b.scheduledStart ? Date.parse(b.scheduledStart) : Number.POSITIVE_INFINITY;
      return at !== bt ? at - bt : a.raceNumber - b.raceNumber;
    });
}

/**
 * Split series: each fleet plays one part (not in it, qualifying, final n where 1 is gold, or the
 * medal race); at least one qualifying fleet and two final fleets.
 */
export const splitFormSchema = z
  .object({
    roles: z.record(z.string(), z.string()),
    carry: z.enum(SPLIT_CARRY),
    discardThresholds: text,
    maxFinalDiscards: text,
    medalSize: text,
    medalMultiplier: text,
  })
  .superRefine((values, ctx) => {
    const roles = Object.entries(values.roles);
    if (!roles.some(([, role]) => role === 'qualifying')) ctx.addIssue({ code: 'custom', path: ['roles'], message: 'fleets:validation.splitQualifying' });
    const finals = roles.filter(([, role]) => role.startsWith('final-'));
    if (finals.length < 2) ctx.addIssue({ code: 'custom', path: ['roles'], message: 'fleets:validation.splitFinals' });
    const seen = new Set<string>();
    for (const [fleetId, role] of finals) {
      if (seen.has(role)) ctx.addIssue({ code: 'custom', path: ['roles', fleetId], message: 'fleets:validation.splitFinalTwice' });
      seen.add(role);
    }
    const medals = roles.filter(([, role]) => role === 'medal');
    for (const [fleetId] of medals.slice(1)) ctx.addIssue({ code: 'custom', path: ['roles', fleetId], message: 'fleets:validation.splitMedalTwice' });
    const thresholds = parseThresholds(values.discardThresholds);
    if ('problem' in thresholds) ctx.addIssue({ code: 'custom', path: ['discardThresholds'], message: thresholds.problem });
    if (values.maxFinalDiscards.trim() !== '') {
      const problem = numberProblem(values.maxFinalDiscards, { min: 0, max: 20, integer: true });
      if (problem) ctx.addIssue({ code: 'custom', path: ['maxFinalDiscards'], message: problem });
    }
    if (medals.length > 0) {
      const size = numberProblem(values.medalSize, { min: 2, max: 100, integer: true });
      if (size) ctx.addIssue({ code: 'custom', path: ['medalSize'], message: size });
      const multiplier = numberProblem(values.medalMultiplier, { min: 1, max: 5 });
      if (multiplier) ctx.addIssue({ code: 'custom', path: ['medalMultiplier'], message: multiplier });
    }
  });
export type SplitValues = z.infer<typeof splitFormSchema>;
export type SplitDefinition = Schemas['SplitSeriesDefinition'];

export function splitToValues(fleetIds: readonly string[], definition: SplitDefinition | null): SplitValues {
  const roles: Record<string, string> = {};
  for (const id of fleetIds) roles[id] = '';
  if (definition) {
    for (const id of definition.qualifyingFleets) roles[id] = 'qualifying';
    definition.finalFleets.forEach((id, index) => (roles[id] = `final-${index + 1}`));
    if (definition.medal) roles[definition.medal.fleetId] = 'medal';
  }
  return {
    roles,
    carry: definition?.carry ?? 'continuous',
    discardThresholds: (definition?.discardThresholds ?? []).join(', '),
    maxFinalDiscards: definition?.maxFinalDiscards === null || definition?.maxFinalDiscards === undefined ? '' : String(definition.maxFinalDiscards),
    medalSize: definition?.medal ? String(definition.medal.size) : '10',
    medalMultiplier: definition?.medal ? String(definition.medal.multiplier) : '2',
  };
}

export function toSplitRequest(values: SplitValues): Schemas['SplitSeriesDefinitionInput'] {
  const roles = Object.entries(values.roles);
  const finals = roles
    .filter(([, role]) => role.startsWith('final-'))
    .sort(([, a], [, b]) => Number(a.slice(6)) - Number(b.slice(6)))
    .map(([id]) => id);
  const medal = roles.find(([, role]) => role === 'medal')?.[0];
  const thresholds = parseThresholds(values.discardThresholds);
  return {
    qualifyingFleets: roles.filter(([, role]) => role === 'qualifying').map(([id]) => id),
    finalFleets: finals,
    carry: values.carry,
    discardThresholds: 'problem' in thresholds ? [] : thresholds.values,
    maxFinalDiscards: values.maxFinalDiscards.trim() === '' ? null : parseNumber(values.maxFinalDiscards),
    medal: medal ? { fleetId: medal, size: parseNumber(values.medalSize), multiplier: parseNumber(values.medalMultiplier) } : null,
  };
}
