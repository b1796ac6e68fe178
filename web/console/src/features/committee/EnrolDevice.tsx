/**
 * The race officer enrols a second phone: the API makes a one-time code (15 minutes) and its payload,
 * the committee app's address with the code; the screen shows it as a QR code (the `qrcode`
 * library, drawn as an image) and as a link. The phone that opens it records for this regatta only,
 * until the enrolment ends, without anyone's password.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { ProblemAlert } from '../../ui/states';
import { formatDateTime } from '../../i18n/format';
import { createEnrolment } from './api';
import { DeviceList } from './DeviceList';

export function EnrolDevice({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('committee');
  const [label, setLabel] = useState('');
  const queryClient = useQueryClient();
  const enrol = useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['capture-devices', slug] }),
    mutationFn: async () => {
      const enrolment = await createEnrolment(slug, label.trim() || undefined);
      const url = new URL(enrolment.qrPayload, location.origin).toString();
      const image = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
      return { enrolment, url, image };
    },
  });
  return (
    <section aria-labelledby="enrol-title">
      <h2 id="enrol-title">{t('enrol.title')}</h2>
      <p>{t('enrol.explain')}</p>
      <form onSubmit={(e) => { e.preventDefault(); enrol.mutate(); }}>
        <div className="field">
          <label htmlFor="device-label">{t('enrol.label')}</label>
          <input id="device-label" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={80} />
        </div>
        <button type="submit" disabled={enrol.isPending}>{t('enrol.create')}</button>
      </form>
      <ProblemAlert error={enrol.error} ns="committee" />
      {enrol.data && (
        <figure className="qr">
          <img src={enrol.data.image} width={256} height={256} alt={t('enrol.qrAlt')} />
          <figcaption>
            <p>{t('enrol.expires', { time: formatDateTime(enrol.data.enrolment.codeExpiresAt, i18n.language) })}</p>
            <p>{t('enrol.validUntil', { time: formatDateTime(enrol.data.enrolment.validUntil, i18n.language) })}</p>
            <p><a href={enrol.data.url}>{t('enrol.link')}</a></p>
          </figcaption>
        </figure>
      )}
      <DeviceList slug={slug} />
    </section>
  );
}
