/**
 * The ranking list form, new or changed: what a person types (numbers as text, place points as "linear" or a
 * table "100, 80, 65") and the createRanking body it becomes. The form checks only what it must to
 * build the body (createRanking, or changeRanking for a list's new settings); the service's own rules (ranges, a nationality in three capitals ...) come back as
 * problem+json refusals on the field they concern, since the form's paths are the API's.
 */
import { z } from 'zod';
import type { Schemas } from '@regatta/client';

const wholeNumber = z.string().trim().regex(/^\d+$/, 'rankings:form.wholeNumber');
const decimal = z.string().trim().regex(/^\d+([.,]\d+)?$/, 'rankings:form.number');

export const rankingFormSchema = z
  .object({
    name: z.string().trim().min(1, 'rankings:form.required'),
    formula: z.object({
      kind: z.enum(['best_n', 'all']),
      n: z.string(),
      placePoints: z.string().trim().regex(/^(linear|\d+([.,]\d+)?(\s*;\s*\d+([.,]\d+)?)*)$/i, 'rankings:form.placePointsFormat'),
      windowMonths: wholeNumber,
    }),
    filters: z.object({ class: z.string(), nationality: z.string() }),
    defaultFactor: decimal,
    visibility: z.enum(['public', 'members']),
  })
  .superRefine((values, context) => {
    if (values.formula.kind === 'best_n' && !/^\d+$/.test(values.formula.n.trim())) {
      context.addIssue({ code: 'custom', path: ['formula', 'n'], message: 'rankings:form.wholeNumber' });
    }
  });

export type RankingFormValues = z.infer<typeof rankingFormSchema>;

export const emptyRankingForm: RankingFormValues = {
  name: '',
  formula: { kind: 'best_n', n: '2', placePoints: 'linear', windowMonths: '12' },
  filters: { class: '', nationality: '' },
  defaultFactor: '1',
  visibility: 'public',
};

/** "1,2" and "1.2" are both 1.2 (a German comma or an English point). */
export const toNumber = (text: string): number => Number(text.trim().replace(',', '.'));

/** "linear", or a table typed as "100; 80; 65" (semicolons, so a German decimal comma stays a comma). */
export function toPlacePoints(text: string): Schemas['RankingPlacePoints'] {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'linear') return 'linear';
  return trimmed.split(';').map(toNumber);
}

export function toRankingInput(values: RankingFormValues): Schemas['RankingListInput'] {
  const placePoints = toPlacePoints(values.formula.placePoints);
  const windowMonths = toNumber(values.formula.windowMonths);
  const formula: Schemas['RankingFormula'] =
    values.formula.kind === 'best_n'
      ? { kind: 'best_n', n: toNumber(values.formula.n), placePoints, windowMonths }
      : { kind: 'all', placePoints, windowMonths };
  const filters: Schemas['RankingFilters'] = {};
  if (values.filters.class.trim()) filters.class = values.filters.class.trim();
  if (values.filters.nationality.trim()) filters.nationality = values.filters.nationality.trim();
  return { name: values.name.trim(), formula, filters, defaultFactor: toNumber(values.defaultFactor), visibility: values.visibility };
}

/** A list's settings as the form shows them, to change them (numbers in the language's own notation). */
export function fromRankingList(list: Schemas['RankingList'], language: string): RankingFormValues {
  const decimal = (value: number) => (language.startsWith('de') ? String(value).replace('.', ',') : String(value));
  const placePoints = list.formula.placePoints === undefined || list.formula.placePoints === 'linear' ? 'linear' : list.formula.placePoints.map(decimal).join('; ');
  return {
    name: list.name,
    formula: { kind: list.formula.kind, n: list.formula.kind === 'best_n' ? String(list.formula.n) : '', placePoints, windowMonths: String(list.formula.windowMonths) },
    filters: { class: list.filters.class ?? '', nationality: list.filters.nationality ?? '' },
    defaultFactor: decimal(list.defaultFactor),
    visibility: list.visibility,
  };
}

/**
 * The changeRanking body: every setting the form shows. Filters are replaced whole by the API, so
 * the age group and gender the form does not show are sent as the list has them (not lost).
 */
export function toRankingChange(values: RankingFormValues, list: Schemas['RankingList']): Schemas['RankingListChange'] {
  const input = toRankingInput(values);
  const filters: Schemas['RankingFilters'] = { ...input.filters };
  if (list.filters.ageGroup) filters.ageGroup = list.filters.ageGroup;
  if (list.filters.gender) filters.gender = list.filters.gender as Schemas['RankingFilters']['gender'];
  return { ...input, filters };
}
