import type { z } from 'zod';
import { validationFailed, type FieldError } from './problem.js';

/** Where an input came from, used as the prefix of `errors[].field` ("query.limit", "body.name"). */
export type InputSource = 'body' | 'query' | 'params' | 'headers';

export function fieldErrors(error: z.ZodError, source?: InputSource): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const field = [source === 'body' ? undefined : source, path].filter((part) => part && part.length > 0).join('.');
    return { field: field || source || '(root)', message: issue.message };
  });
}

/** Parses input with a zod schema or throws a 400 problem naming every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, source: InputSource): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrors(result.error, source));
  return result.data;
}
