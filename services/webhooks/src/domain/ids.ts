import { z } from 'zod';

const uuid = z.uuid();

/** Path ids: one that is not a uuid cannot name anything, so it is the same 404 as an unknown one. */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}
