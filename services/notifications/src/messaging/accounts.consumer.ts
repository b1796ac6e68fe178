/**
 * accounts.v1: a password reset link, the confirmation of a new account's address and a sign-in
 * from a new device reach the person at once (security messages: they cannot be switched off). The
 * language of the sign-up becomes the person's language for messages until they choose one.
 */
import { TOPICS, factPayloadOn, timestampDate, unhandledFact } from '@regatta/contracts';
import type { ConsumerDefinition } from '@regatta/runtime';
import { notifyAccount, rememberLanguage } from '../app/decide.js';
import type { NotificationsContext } from '../app/resources.js';

const iso = (value: Parameters<typeof timestampDate>[0] | undefined) => (value ? timestampDate(value).toISOString() : new Date().toISOString());

export function accountsConsumer(context: NotificationsContext): ConsumerDefinition {
  const schema = context.config.DB_SCHEMA;
  return {
    name: 'accounts',
    topics: [TOPICS.accounts],
    async handle(client, fact) {
      const payload = factPayloadOn(fact, [TOPICS.accounts]);
      switch (payload.case) {
        case 'passwordResetRequested': {
          const { userId, linkId, expiresAt, locale } = payload.value;
          await notifyAccount(client, schema, fact.id, userId, { kind: 'password_reset', linkId, expiresAt: iso(expiresAt), locale });
          return;
        }
        case 'emailConfirmationRequested': {
          const { userId, linkId, expiresAt, locale } = payload.value;
          await rememberLanguage(client, userId, locale);
          await notifyAccount(client, schema, fact.id, userId, { kind: 'email_confirmation', linkId, expiresAt: iso(expiresAt), locale });
          return;
        }
        case 'newDeviceSignedIn': {
          const { userId, device, signedInAt, locale } = payload.value;
          await notifyAccount(client, schema, fact.id, userId, { kind: 'new_device', device, at: iso(signedInAt), locale });
          return;
        }
        case undefined:
          return;
        default:
          return unhandledFact(payload);
      }
    },
  };
}
