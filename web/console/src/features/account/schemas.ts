/**
 * The account forms check what the API checks (identity.yaml: signUp, logIn), so a person sees the
 * rule before sending. Messages are i18n keys of the `common` namespace.
 */
import { z } from 'zod';

const email = z.string().trim().min(1, 'validation.required').max(254, 'validation.tooLong').email('validation.email');

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'validation.required').max(200, 'validation.tooLong'),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  email,
  password: z.string().min(10, 'validation.passwordLength').max(200, 'validation.tooLong'),
});
export type SignUpValues = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  password: z.string().min(10, 'validation.passwordLength').max(200, 'validation.tooLong'),
});
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/** Only a path inside the console may be returned to after sign-in (never another site). */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next;
}
