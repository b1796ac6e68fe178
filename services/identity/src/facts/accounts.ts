/** The accounts.v1 facts identity publishes: user ids and link ids only, never an address or a token. */
import { newFact, timestampFromDate, type Fact } from '@regatta/contracts';

const producer = 'identity';

export function passwordResetRequested(link: { userId: string; linkId: string; expiresAt: Date; locale: string }, requestId?: string): Fact {
  return newFact(
    'password_reset.requested',
    'passwordResetRequested',
    { userId: link.userId, linkId: link.linkId, expiresAt: timestampFromDate(link.expiresAt), locale: link.locale },
    { producer, requestId: requestId ?? null },
  );
}

export function emailConfirmationRequested(link: { userId: string; linkId: string; expiresAt: Date; locale: string }, requestId?: string): Fact {
  return newFact(
    'email_confirmation.requested',
    'emailConfirmationRequested',
    { userId: link.userId, linkId: link.linkId, expiresAt: timestampFromDate(link.expiresAt), locale: link.locale },
    { producer, requestId: requestId ?? null },
  );
}

export function newDeviceSignedIn(signIn: { userId: string; device: string; at: Date; locale: string }, requestId?: string): Fact {
  return newFact(
    'sign_in.new_device',
    'newDeviceSignedIn',
    { userId: signIn.userId, device: signIn.device, signedInAt: timestampFromDate(signIn.at), locale: signIn.locale },
    { producer, requestId: requestId ?? null },
  );
}
