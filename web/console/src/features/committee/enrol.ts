/**
 * Redeeming an enrolment code on the device that scanned the QR code: the code (in the address's
 * fragment, `#enrol=<code>`, never sent to a server in a URL) is exchanged once for the device's
 * token, which is kept in the device's storage for this regatta. The fragment is then removed.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redeemEnrolment, type DeviceCredential } from './api';
import { committeeDb } from './store/db';
import { codeFromFragment } from './domain/enrol-code';

export { codeFromFragment };

const redeeming = new Map<string, Promise<DeviceCredential>>();

/** Exchanges a code for a device token and keeps it; one exchange per code however often it is asked. */
export function redeem(code: string): Promise<DeviceCredential> {
  let pending = redeeming.get(code);
  if (!pending) {
    pending = redeemEnrolment(code).then(async (credential) => {
      await committeeDb().devices.put({ slug: credential.eventSlug, deviceId: credential.deviceId, token: credential.token, eventName: credential.eventName, label: credential.label, validUntil: credential.validUntil });
      return credential;
    });
    redeeming.set(code, pending);
  }
  return pending;
}


export function useEnrolFragment(slug: string): { message: string; error: unknown } {
  const { t } = useTranslation('committee');
  const [state, setState] = useState<{ message: string; error: unknown }>({ message: '', error: undefined });
  useEffect(() => {
    const code = codeFromFragment(location.hash);
    if (!code) return;
    redeem(code).then(
      (credential) => {
        history.replaceState(history.state, '', location.pathname + location.search);
        setState({ message: t('enrolled', { name: credential.eventName }), error: undefined });
      },
      (error: unknown) => setState({ message: '', error }),
    );
  }, [slug, t]);
  return state;
}
