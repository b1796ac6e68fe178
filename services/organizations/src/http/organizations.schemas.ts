/** Request validation for the organization routes (every bad field is named in the 400 problem). */
import { z } from 'zod';
import { queryInt, queryOffset, querySearch, validationFailed, type FieldError } from '@regatta/http';
import { ORGANIZATION_TYPES } from '@regatta/contracts';

const searchParam = querySearch(200);

export const listQuery = z.object({
  limit: queryInt(1, 100).default(20),
  offset: queryOffset(), // 0..MAX_OFFSET (1,000,000,000)
  q: searchParam,
  query: searchParam,
  location: searchParam,
  type: z.enum(ORGANIZATION_TYPES, { message: `must be one of ${ORGANIZATION_TYPES.join(', ')}` }).optional(),
});

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => text(max).nullable().optional();
const webUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .max(500, 'must be at most 500 characters')
  .nullable()
  .optional();
const foundedYear = z
  .number({ message: 'must be a year (integer)' })
  .int('must be a year (integer)')
  .min(1000, 'must be at least 1000')
  .refine((year) => year <= new Date().getUTCFullYear(), 'must not be in the future')
  .nullable()
  .optional();

const address = z.strictObject({
  street: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postalCode: optionalText(20),
  country: optionalText(100),
});
const contact = z.strictObject({
  email: z.email({ message: 'must be an email address' }).max(254).nullable().optional(),
  phone: optionalText(40),
  website: webUrl,
});
const socialMedia = z.strictObject({
  facebook: optionalText(200),
  instagram: optionalText(200),
});

const profileFields = {
  description: z.string().trim().max(5000, 'must be at most 5000 characters').nullable().optional(),
  founded: foundedYear,
  address: address.optional(),
  contact: contact.optional(),
  socialMedia: socialMedia.optional(),
};

export const createBody = z.strictObject({
  name: text(200),
  type: z.enum(ORGANIZATION_TYPES, { message: `must be one of ${ORGANIZATION_TYPES.join(', ')}` }),
  ...profileFields,
});

export const updateBody = z
  .strictObject({
    name: text(200).optional(),
    type: z.enum(ORGANIZATION_TYPES, { message: `must be one of ${ORGANIZATION_TYPES.join(', ')}` }).optional(),
    ...profileFields,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'give at least one field to change' });

export type CreateBody = z.infer<typeof createBody>;
export type UpdateBody = z.infer<typeof updateBody>;

/**
 * Parses a JSON body like parseInput, but an unknown field is reported under its own name
 * ("colour", "address.zip") instead of the object that holds it.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors.push({ field: [...path, key].join('.'), message: 'is not a known field' });
    } else {
      errors.push({ field: path.length > 0 ? path.join('.') : 'body', message: issue.message });
    }
  }
  throw validationFailed(errors);
}
