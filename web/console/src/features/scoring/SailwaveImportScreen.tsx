/**
 * A Sailwave .blw file brought in as a draft regatta of the organization (/orgs/:org/imports/sailwave):
 * the file is sent as it is (importSailwave); the answer's parity report says per fleet whether this
 * platform's standings equal the scores Sailwave stored (exact, differences the racing rules explain,
 * a mismatch, or nothing to compare), with each boat that differs and every setting the platform
 * cannot represent. The organizer then accepts the draft (opens its scoring desk) or discards it
 * (the draft is deleted).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../ui/DataTable';
import { ProblemAlert } from '../../ui/states';
import { useSailwaveImport, type ParityFleet, type SailwaveImport } from './exchange';
import './scoring.css';

export default function SailwaveImportScreen() {
  const { t } = useTranslation('scoring');
  const { org = '' } = useParams();
  const ids = { file: useId(), result: useId() };
  const fileRef = useRef<HTMLInputElement>(null);
  const { upload, discard } = useSailwaveImport(org);
  const [said, setSaid] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    const file = fileRef.current?.files?.[0];
    setMissing(!file);
    if (file) upload.mutate(file);
  };

  const imported = discard.isSuccess ? undefined : upload.data;
  return (
    <div className="scoring">
      <h1>{t('import.title')}</h1>
      <p className="hint">{t('import.intro')}</p>
      <form onSubmit={submit} aria-label={t('import.title')} noValidate>
        <div className={missing ? 'field field-invalid' : 'field'}>
          <label htmlFor={ids.file}>{t('import.file')}</label>
          <input id={ids.file} ref={fileRef} type="file" accept=".blw,.csv,text/plain" aria-invalid={missing} aria-describedby={missing ? `${ids.file}-error` : undefined} />
          {missing && <p id={`${ids.file}-error`} className="field-error">{t('import.needFile')}</p>}
        </div>
        <div className="actions">
          <button type="submit" disabled={upload.isPending}>{upload.isPending ? t('import.working') : t('import.submit')}</button>
        </div>
      </form>
      <ProblemAlert error={upload.error ?? discard.error} ns="scoring" />
      <p role="status" className={said ? 'notice' : undefined}>{said}</p>
      {imported && (
        <ImportReport
          imported={imported}
          headingId={ids.result}
          discarding={discard.isPending}
          onDiscard={() => discard.mutate(imported.event.slug, { onSuccess: () => setSaid(t('import.discarded', { name: imported.event.name })) })}
        />
      )}
    </div>
  );
}

function ImportReport({ imported, headingId, discarding, onDiscard }: { imported: SailwaveImport; headingId: string; discarding: boolean; onDiscard: () => void }) {
  const { t } = useTranslation('scoring');
  const { counts } = imported;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('import.report', { name: imported.event.name })}</h2>
      <p>{t('import.counts', { fleets: counts.fleets, races: counts.races, entries: counts.registrations, results: counts.results })}</p>
      <DataTable
        rows={imported.parity.fleets}
        caption={t('import.parityCaption')}
        rowKey={(fleet) => fleet.fleetId}
        empty={t('import.noFleets')}
        columns={[
          { header: t('import.fleet'), cell: (fleet) => fleet.fleet },
          { header: t('import.boats'), cell: (fleet) => t('import.matching', { matching: fleet.matching, boats: fleet.boats }) },
          { header: t('import.parity'), cell: (fleet) => <strong>{t(`import.category.${fleet.category}`)}</strong> },
          { header: t('import.representable'), cell: (fleet) => (fleet.representable ? t('import.yes') : t('import.no')) },
        ]}
      />
      {imported.parity.fleets.map((fleet) => <FleetDifferences key={fleet.fleetId} fleet={fleet} />)}
      {imported.warnings.length > 0 && (
        <>
          <h3>{t('import.warnings')}</h3>
          <ul>
            {imported.warnings.map((warning, index) => (
              <li key={`${warning.setting}-${index}`}>
                <code>{warning.setting}</code> {warning.fleet ? `(${warning.fleet}) ` : ''}{warning.message}
                {warning.affectsScores && <strong> {t('import.affectsScores')}</strong>}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="actions">
        <Link to={`/regattas/${encodeURIComponent(imported.event.slug)}/scoring`}>{t('import.accept')}</Link>
        <button type="button" className="danger" disabled={discarding} onClick={onDiscard}>{t('import.discard')}</button>
      </div>
    </section>
  );
}

function FleetDifferences({ fleet }: { fleet: ParityFleet }) {
  const { t } = useTranslation('scoring');
  if (fleet.differences.length === 0 && fleet.rulesDifferences.length === 0) return null;
  const value = (side: { rank: number | null; nett: number | null }) => t('import.rankNett', { rank: side.rank ?? '–', nett: side.nett ?? '–' });
  return (
    <>
      <h3>{t('import.differencesOf', { fleet: fleet.fleet })}</h3>
      <DataTable
        rows={fleet.differences}
        caption={t('import.differencesOf', { fleet: fleet.fleet })}
        rowKey={(row) => row.boatId}
        empty={t('import.none')}
        columns={[
          { header: t('sheet.sail'), cell: (row) => row.sailNumber ?? '' },
          { header: t('sheet.boat'), cell: (row) => row.boatName },
          { header: t('import.sailwave'), cell: (row) => value(row.sailwave) },
          { header: t('import.platform'), cell: (row) => value(row.platform) },
        ]}
      />
      {fleet.rulesDifferences.length > 0 && (
        <ul>
          {fleet.rulesDifferences.map((cell) => (
            <li key={`${cell.boatId}-${cell.race}`}>{t('import.rulesCell', { sail: cell.sailNumber ?? cell.boatName, race: cell.race, sailwave: cell.sailwave, rules: cell.rules, rule: cell.rule })}</li>
          ))}
        </ul>
      )}
    </>
  );
}
