/** Organization forms check what the API checks (organizations.yaml: createOrganization). */
import { z } from 'zod';
import { MEMBER_ROLES, ORGANIZATION_TYPES, type MemberRole } from '@regatta/contracts/vocabulary';

// The platform's vocabulary (@regatta/contracts), as the services use it.
export { MEMBER_ROLES, ORGANIZATION_TYPES, type MemberRole };

export const organizationSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  type: z.enum(ORGANIZATION_TYPES),
  description: z.string().max(5000, 'validation.tooLong'),
});
export type OrganizationValues = z.infer<typeof organizationSchema>;

/**
 * The e-mail subset the API accepts (base.yaml EmailInput): dot-separated local words, a domain of
 * labels ending in a top-level domain of two or more letters. Surrounding spaces are trimmed first.
 */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const emailInput = z.string().trim().max(254, 'validation.tooLong').regex(EMAIL_PATTERN, 'validation.email');

/** addMember: the e-mail of an existing account and the role it gets. */
export const addMemberSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').pipe(emailInput),
  role: z.enum(MEMBER_ROLES),
});
export type AddMemberValues = z.infer<typeof addMemberSchema>;

/** An optional text of the profile: empty means "not given" (sent as null), else at most `max` characters. */
const optionalText = (max: number) => z.string().trim().max(max, 'validation.tooLong');

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The year the founding may not be after: the current UTC year, as the API checks it. */
export function latestFoundingYear(now: Date = new Date()): number {
  return now.getUTCFullYear();
}

/**
 * updateOrganization (organizations.yaml and the service's own check): name 1-200, description up to
 * 5000, founded a year from 1000 to the current one, address/contact/social media texts of bounded
 * length, contact e-mail of the API's subset and website an http(s) URL of at most 500 characters.
 */
export const profileSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  type: z.enum(ORGANIZATION_TYPES),
  description: z.string().max(5000, 'validation.tooLong'),
  founded: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d+$/.test(value), 'validation.number')
    .refine((value) => value === '' || !/^\d+$/.test(value) || Number(value) >= 1000, 'validation.min')
    .refine((value) => value === '' || !/^\d+$/.test(value) || Number(value) <= latestFoundingYear(), 'orgs:profile.foundedFuture'),
  address: z.object({
    street: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    postalCode: optionalText(20),
    country: optionalText(100),
  }),
  contact: z.object({
    email: z.string().trim().refine((value) => value === '' || emailInput.safeParse(value).success, 'validation.email'),
    phone: optionalText(40),
    website: optionalText(500).refine((value) => value === '' || isHttpUrl(value), 'validation.url'),
  }),
  socialMedia: z.object({
    facebook: optionalText(200),
    instagram: optionalText(200),
  }),
});
export type ProfileValues = z.infer<typeof profileSchema>;
