/**
 * The split series' definition as the desk shows it: each fleet of the regatta plays one part
 * (not in the series, qualifying, final fleet 1 = best, 2, 3 ..., or medal), and the definition
 * (defineSplitSeries) it becomes, and back. Medal size and multiplier are typed as text, and so are
 * the discards: the thresholds as "4; 9" (one discard from 4 races, two from 9) and the most
 * discards on final-series races (empty for no limit). The definition is replaced whole, so the
 * discards stored are always sent back as shown.
 */
import type { Schemas } from '@regatta/client';

export type SplitDefinitionInput = Schemas['SplitSeriesDefinitionInput'];
export type SplitDefinition = Schemas['SplitSeriesDefinition'];

/** '' (not in the series), 'qualifying', 'final:1' (best), 'final:2' ..., or 'medal'. */
export type FleetPart = string;

export interface SplitFormValues {
  parts: Record<string, FleetPart>;
  carry: 'continuous' | 'net_plus_net' | 'rank_seed';
  medalSize: string;
  medalMultiplier: string;
  /** "4; 9": one discard from 4 races, two from 9 ('' for none). */
  discardThresholds: string;
  /** At most this many discards on final-series races ('' for no limit). */
  maxFinalDiscards: string;
}

/** "4; 9" or "4, 9" or "4 9" as [4, 9]; what is not a number stays in, for the service to refuse on its place. */
export function toThresholds(text: string): number[] {
  return text
    .split(/[;,\s]+/)
    .filter((part) => part !== '')
    .map(Number);
}

export function partOptions(fleetCount: number): FleetPart[] {
  return ['', 'qualifying', ...Array.from({ length: Math.max(1, fleetCount - 1) }, (_, index) => `final:${index + 1}`), 'medal'];
}

export function toDefinitionInput(values: SplitFormValues, fleetOrder: readonly string[]): SplitDefinitionInput {
  const partOf = (id: string) => values.parts[id] ?? '';
  const qualifyingFleets = fleetOrder.filter((id) => partOf(id) === 'qualifying');
  const finalFleets = fleetOrder
    .filter((id) => partOf(id).startsWith('final:'))
    .sort((a, b) => Number(partOf(a).slice(6)) - Number(partOf(b).slice(6)));
  const medalFleet = fleetOrder.find((id) => partOf(id) === 'medal');
  const maxFinal = values.maxFinalDiscards.trim();
  const input: SplitDefinitionInput = {
    qualifyingFleets,
    finalFleets,
    carry: values.carry,
    discardThresholds: toThresholds(values.discardThresholds),
    maxFinalDiscards: maxFinal === '' ? null : Number(maxFinal),
  };
  if (medalFleet) {
    input.medal = { fleetId: medalFleet, size: Number(values.medalSize.trim()), multiplier: Number(values.medalMultiplier.trim().replace(',', '.')) };
  }
  return input;
}

export function toSplitForm(definition: SplitDefinition | null): SplitFormValues {
  const parts: Record<string, FleetPart> = {};
  if (!definition) return { parts, carry: 'continuous', medalSize: '10', medalMultiplier: '2', discardThresholds: '', maxFinalDiscards: '' };
  for (const id of definition.qualifyingFleets) parts[id] = 'qualifying';
  definition.finalFleets.forEach((id, index) => (parts[id] = `final:${index + 1}`));
  if (definition.medal) parts[definition.medal.fleetId] = 'medal';
  return {
    parts,
    carry: definition.carry,
    medalSize: String(definition.medal?.size ?? 10),
    medalMultiplier: String(definition.medal?.multiplier ?? 2),
    discardThresholds: definition.discardThresholds.join('; '),
    maxFinalDiscards: definition.maxFinalDiscards === null ? '' : String(definition.maxFinalDiscards),
  };
}

/**
 * Where a refusal of the definition belongs on the desk: `qualifyingFleets.1` on the part chosen for
 * that fleet (its id), `medal.size` on the medal size, `carry` on the carry mode, `discardThresholds.1`
 * and `maxFinalDiscards` on the discards; null for the alert.
 */
export function definitionFieldOf(path: string, input: SplitDefinitionInput): string | null {
  const [head, index, rest] = path.replace(/^body\./, '').replace(/\[(\d+)\]/g, '.$1').split('.');
  if (head === 'qualifyingFleets' && index !== undefined) return input.qualifyingFleets[Number(index)] ?? null;
  if (head === 'finalFleets' && index !== undefined) return input.finalFleets[Number(index)] ?? null;
  if (head === 'medal' && index === 'fleetId') return input.medal?.fleetId ?? null;
  if (head === 'medal' && index === 'size') return 'medalSize';
  if (head === 'medal' && index === 'multiplier') return 'medalMultiplier';
  if (head === 'carry' && rest === undefined) return 'carry';
  if (head === 'discardThresholds') return 'discardThresholds';
  if (head === 'maxFinalDiscards') return 'maxFinalDiscards';
  return null;
}

/** Where a refusal of a split belongs: `assignments.2.boat` on that boat's fleet choice, `method` on the method. */
export function splitFieldOf(path: string, assignments: ReadonlyArray<{ boat: string }>): string | null {
  const [head, index] = path.replace(/^body\./, '').replace(/\[(\d+)\]/g, '.$1').split('.');
  if (head === 'assignments' && index !== undefined) return assignments[Number(index)]?.boat ?? null;
  if (head === 'method' || head === 'stage') return head;
  return null;
}
