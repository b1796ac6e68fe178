/** Bodies of sign-up and login. */
import { z } from '@regatta/config';

export const email = z.string().trim().toLowerCase().max(254).email();

export const signupBody = z.object({
  email,
  password: z.string().min(10, 'must be at least 10 characters').max(200),
  name: z.string().trim().min(1).max(100),
});

export const loginBody = z.object({ email, password: z.string().min(1).max(200) });

const uuid = z.string().uuid();
const locale = z.enum(['en', 'de']).optional();

export const passwordResetBody = z.object({ email, locale }).strict();
export const passwordResetConfirmBody = z
  .object({ linkId: uuid, token: z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/), password: z.string().min(10, 'must be at least 10 characters').max(200) })
  .strict();
export const emailConfirmationBody = z.object({ linkId: uuid, token: z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/) }).strict();
