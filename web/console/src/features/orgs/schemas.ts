/** Organization forms check what the API checks (organizations.yaml: createOrganization). */
import { z } from 'zod';

export const ORGANIZATION_TYPES = ['yacht-club', 'sailing-club', 'race-committee', 'association'] as const;

export const organizationSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  type: z.enum(ORGANIZATION_TYPES),
  description: z.string().max(5000, 'validation.tooLong'),
});
export type OrganizationValues = z.infer<typeof organizationSchema>;
