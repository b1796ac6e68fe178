import { z } from 'zod';

/**
 * The largest `offset` any list accepts (organizations, events, registrations, series, boats, sailor
 * history, webhook deliveries): deeper pages are refused with "must be at most 1000000000".
 */
export const MAX_OFFSET = 1_000_000_000;

/**
 * An integer query parameter written in decimal digits, within [min, max]. Anything that is not
 * an optional "-" and digits is "must be an integer"; an integer of any length outside the range is
 * "must be at least {min}" / "must be at most {max}" (one message per value, never both).
 */
export function queryInt(min: number, max: number) {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) throw new Error(`queryInt: bad range [${min}, ${max}]`);
  // The parameter as the document states it (queryShape): an integer within the same bounds.
  const documented = { type: 'integer', minimum: min, maximum: max } as const;
  return z.string().meta(documented).transform((value, ctx) => {
    if (!/^-?\d+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'must be an integer' });
      return z.NEVER;
    }
    // Number() of a long digit string rounds (or becomes ±Infinity) but keeps its side of the bounds,
    // which are safe integers.
    const number = Number(value);
    if (number < min) {
      ctx.addIssue({ code: 'custom', message: `must be at least ${min}` });
      return z.NEVER;
    }
    if (number > max) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${max}` });
      return z.NEVER;
    }
    return number === 0 ? 0 : number;
  });
}

/** The `offset` query parameter of a list: 0..max (default MAX_OFFSET), 0 when absent. */
export function queryOffset(max: number = MAX_OFFSET) {
  return queryInt(0, max).default(0);
}

/** A free-text search parameter; an empty value means "no filter". */
export function querySearch(maxLength: number) {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().min(1).max(maxLength, `must be at most ${maxLength} characters`).optional(),
  );
}

type JsonSchema = Record<string, unknown>;

/**
 * A query parser as JSON Schema, for the check against the document's query parameters
 * (`@regatta/openapi` documentedQueryDifferences): the parameters it reads and which are required
 * (its input), each one's documented form (type and bounds of an integer from queryInt, enums,
 * lengths) and the default it gives when the parameter is absent (its output).
 */
export function queryShape(schema: z.ZodType): JsonSchema {
  const input = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const output = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const given = (output['properties'] ?? {}) as Record<string, JsonSchema>;
  const properties = Object.fromEntries(
    Object.entries((input['properties'] ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
      const fallback = given[name]?.['default'];
      return [name, fallback === undefined ? property : { ...property, default: fallback }];
    }),
  );
  return { ...input, properties };
}
