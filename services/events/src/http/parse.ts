/**
 * parseInput with one error per unknown field (`slug: is not a field of this request`) instead of
 * one error on the whole body, so clients see exactly which key to drop.
 */
import type { z } from 'zod';
import { validationFailed, type FieldError, type InputSource } from '@regatta/http';

function fieldName(source: InputSource, path: PropertyKey[]): string {
  const joined = path.map(String).join('.');
  const field = [source === 'body' ? undefined : source, joined].filter((part) => part && part.length > 0).join('.');
  return field || source;
}

export function parse<S extends z.ZodType>(schema: S, value: unknown, source: InputSource): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.push({ field: fieldName(source, [...issue.path, key]), message: 'is not a field of this request' });
    } else {
      errors.push({ field: fieldName(source, issue.path), message: issue.message });
    }
  }
  throw validationFailed(errors);
}
