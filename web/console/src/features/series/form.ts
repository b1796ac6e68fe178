/**
 * The series form, new or changed: what a person types (the year and best-of as text, the regattas
 * ticked) and the createSeries or updateSeries body it becomes. The form checks only what it must to
 * build the body; the service's own rules (best-of at most the number of regattas, a regatta named
 * twice ...) come back as problem+json refusals on the field they concern, since the form's paths are
 * the API's.
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';

export const SCORING_RULES = ['sum_of_net', 'event_places'] as const;

export const seriesFormSchema = z.object({
  name: z.string().trim().min(1, 'series:form.required'),
  year: z.string().trim().regex(/^\d{4}$/, 'series:form.yearFormat'),
  description: z.string(),
  events: z.array(z.string()).min(1, 'series:form.eventsRequired'),
  scoringRule: z.enum(SCORING_RULES),
  bestOf: z.string().trim().regex(/^(\d+)?$/, 'series:form.wholeNumber'),
});

export type SeriesFormValues = z.infer<typeof seriesFormSchema>;

export const emptySeriesForm = (year: number): SeriesFormValues => ({ name: '', year: String(year), description: '', events: [], scoringRule: 'sum_of_net', bestOf: '' });

const bestOfOf = (text: string): number | null => (text.trim() ? Number(text.trim()) : null);

export function toCreateSeries(values: SeriesFormValues, organization: string): Schemas['CreateSeriesRequest'] {
  return {
    organization,
    name: values.name.trim(),
    year: Number(values.year.trim()),
    description: values.description.trim() || null,
    events: values.events,
    scoringRule: values.scoringRule,
    bestOf: bestOfOf(values.bestOf),
  };
}

/** The updateSeries body: every setting the form shows (the year is the series' own and stays). */
export function toSeriesChange(values: SeriesFormValues): Schemas['UpdateSeriesRequest'] {
  return { name: values.name.trim(), description: values.description.trim() || null, events: values.events, scoringRule: values.scoringRule, bestOf: bestOfOf(values.bestOf) };
}

/** A series' settings as the form shows them, to change them. */
export function fromSeries(series: Schemas['SeriesDetail']): SeriesFormValues {
  return {
    name: series.name,
    year: String(series.year),
    description: series.description ?? '',
    events: series.events.map((event) => event.slug),
    scoringRule: series.scoringRule,
    bestOf: series.bestOf === null || series.bestOf === undefined ? '' : String(series.bestOf),
  };
}

/** A regatta ticked or not: the list keeps the order the regattas were ticked in. */
export function toggled(events: readonly string[], slug: string, on: boolean): string[] {
  const without = events.filter((event) => event !== slug);
  return on ? [...without, slug] : without;
}

/** The standings' boats grouped by fleet, in the order the fleets first appear (best placed first). */
export function byFleet<T extends { fleet: string }>(entries: readonly T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) (groups.get(entry.fleet) ?? groups.set(entry.fleet, []).get(entry.fleet)!).push(entry);
  return [...groups.entries()];
}
