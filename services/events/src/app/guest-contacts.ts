/**
 * Who to write to about a registration whose sailor was entered by name and address without an
 * account: answered to the notifications service at send time only, so the address never travels in
 * a fact. A registration of a sailor with an account answers nothing (identity holds the address
 * the person keeps up to date, and an account that was deleted must stay unreachable).
 */
import type { ServiceContext } from '@regatta/runtime';
import { guestSailorId } from '../domain/sailors.js';
import { sailorContacts } from '../store/guest-contacts.js';

export interface GuestContact {
  registrationId: string;
  name: string;
  email: string;
  /** The language the entry was made in for them: 'en' or 'de' (English when none was named). */
  language: string;
}

export async function guestContacts(context: ServiceContext, registrationIds: readonly string[]): Promise<GuestContact[]> {
  const found = await sailorContacts(context.pool, registrationIds);
  return found
    .filter((row) => row.userId === guestSailorId(row.email))
    .map((row) => ({ registrationId: row.id, name: row.name ?? '', email: row.email, language: row.language ?? 'en' }));
}
