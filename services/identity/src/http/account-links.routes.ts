/** Forgot password (request a link, set a new password with it) and the confirmation of an address. */
import { parseInput, type RouteDefinition } from '@regatta/http';
import { confirmEmailAddress, requestPasswordReset, resetPassword } from '../app/account-links.js';
import type { IdentityContext, IdentityResources } from '../app/resources.js';
import { requestLocale } from '../domain/devices.js';
import { emailConfirmationBody, passwordResetBody, passwordResetConfirmBody } from './auth.schemas.js';
import { requestId } from './callers.js';
import { announceInvalidation } from './invalidation-header.js';

export function accountLinkRoutes(context: IdentityContext, resources: IdentityResources): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/v1/auth/password-reset',
      handler: async (req, res) => {
        const body = parseInput(passwordResetBody, req.body, 'body');
        await requestPasswordReset(context, { email: body.email, locale: body.locale ?? requestLocale(req.header('accept-language')) }, requestId(req));
        res.setHeader('Cache-Control', 'no-store');
        res.status(202).json({ message: 'If an account has this address, a link to choose a new password is on its way to it.' });
      },
    },
    {
      method: 'post',
      path: '/api/v1/auth/password-reset/confirm',
      handler: async (req, res) => {
        const body = parseInput(passwordResetConfirmBody, req.body, 'body');
        announceInvalidation(res, await resetPassword(context, resources, body));
        res.setHeader('Cache-Control', 'no-store');
        res.json({ message: 'Your password was changed; sign in with it. Every other session of the account was ended.' });
      },
    },
    {
      method: 'post',
      path: '/api/v1/auth/email-confirmation',
      handler: async (req, res) => {
        const body = parseInput(emailConfirmationBody, req.body, 'body');
        await confirmEmailAddress(context, resources, body);
        res.setHeader('Cache-Control', 'no-store');
        res.json({ message: 'Your e-mail address is confirmed.' });
      },
    },
  ];
}
