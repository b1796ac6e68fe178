/**
 * The regatta's files from the scoring desk: the Sailwave .blw, results and standings as CSV and PDF;
 * and the way to bring a Sailwave file in as a new draft regatta of the organization.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { ProblemAlert } from '../../ui/states';
import { DOWNLOADS, downloadFile, type Download } from './exchange';

export function Downloads({ slug, organization }: { slug: string; organization: string }) {
  const { t } = useTranslation('scoring');
  const headingId = useId();
  const download = useMutation({ mutationFn: (kind: Download) => downloadFile(slug, kind) });
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('exchange.title')}</h3>
      <div className="actions">
        {DOWNLOADS.map((kind) => (
          <button key={kind} type="button" className="secondary" disabled={download.isPending} onClick={() => download.mutate(kind)}>
            {t(`exchange.${kind}`)}
          </button>
        ))}
      </div>
      <ProblemAlert error={download.error} />
      <p><Link to={`/orgs/${encodeURIComponent(organization)}/imports/sailwave`}>{t('exchange.import')}</Link></p>
    </section>
  );
}
