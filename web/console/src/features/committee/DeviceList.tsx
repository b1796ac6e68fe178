/**
 * The devices enrolled for the regatta, newest first, with their state; an active or not yet redeemed
 * one can be revoked (its token stops working at once; what it recorded stays).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { ProblemAlert, QueryView } from '../../ui/states';
import { listDevices, revokeDevice } from './api';

export function DeviceList({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('committee');
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: ['capture-devices', slug], queryFn: () => listDevices(slug) });
  const revoke = useMutation({
    mutationFn: (deviceId: string) => revokeDevice(slug, deviceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['capture-devices', slug] }),
  });
  return (
    <section aria-labelledby="devices-title">
      <h3 id="devices-title">{t('devices.title')}</h3>
      <ProblemAlert error={revoke.error} ns="committee" />
      <QueryView query={devices} label={t('devices.loading')}>
        {(list) =>
          list.length === 0 ? (
            <p className="empty">{t('devices.none')}</p>
          ) : (
            <ul className="device-list">
              {list.map((device) => {
                const label = device.label ?? t('devices.unnamed');
                return (
                  <li key={device.id}>
                    <strong>{label}</strong> · {t(`devices.state.${device.state}`)} · {t('devices.until', { time: formatDateTime(device.validUntil, i18n.language) })}
                    {(device.state === 'active' || device.state === 'awaiting_redeem') && (
                      <>
                        {' '}
                        <button type="button" className="danger" disabled={revoke.isPending} onClick={() => revoke.mutate(device.id)}>{t('devices.revoke', { label })}</button>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
