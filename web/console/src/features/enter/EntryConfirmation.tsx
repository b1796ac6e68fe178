/**
 * /enter/:slug/entries/:registrationId: the sailor's confirmation of her entry, bookmarkable: entered
 * or waitlisted with the position, fleet, boat, crew, answers and waivers (a waiver changed since asks
 * her to accept again), with edit (until entries close) and withdraw (a freed place promotes the
 * first fitting boat of the waitlist).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime } from '../../i18n/format';
import { ProblemAlert } from '../../ui/states';
import { useEntryActions } from './api';
import { EntryLoader } from './EntryLoader';
import { FeeLine } from './EnterRegatta';
import type { EntryForm } from './form';
import type { Schemas } from '@regatta/client';

type Entry = Schemas['EntryDetail'];

export default function Screen() {
  return <EntryLoader>{(props) => <Confirmation {...props} />}</EntryLoader>;
}

/** "Entered in <fleet>" or "Waitlisted: position N", or withdrawn. */
export function statusLine(t: (key: string, options?: Record<string, unknown>) => string, entry: { status: string; waitlistPosition: number | null; fleetName?: string | undefined }): string {
  if (entry.status === 'registered') return t('status.registered', { fleet: entry.fleetName ?? '' });
  if (entry.status === 'waitlisted') return t('status.waitlisted', { position: entry.waitlistPosition ?? '?' });
  return t(`status.${entry.status}`);
}

function answerText(t: (key: string) => string, answer: string | boolean | undefined): string {
  if (answer === undefined) return '—';
  if (typeof answer === 'boolean') return answer ? t('questions.yes') : t('questions.no');
  return answer;
}

function Confirmation({ slug, entry, entryForm }: { slug: string; entry: Entry; entryForm: EntryForm }) {
  const { t, i18n } = useTranslation('enter');
  const { withdraw } = useEntryActions(slug);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState('');
  const active = entry.status === 'registered' || entry.status === 'waitlisted';
  const editable = active && (entryForm.entries === 'open' || entryForm.entries === 'full');
  const boat = entry.boat.sailNumber ? `${entry.boat.name} (${entry.boat.sailNumber})` : entry.boat.name;

  return (
    <>
      <h1>{t('confirmation.title', { regatta: entry.event.name })}</h1>
      <p role="status" className="notice"><strong>{statusLine(t, entry)}</strong></p>
      {done && <p role="status" className="notice">{done}</p>}
      {entry.pendingWaivers.length > 0 && active && (
        <p className="alert" role="alert">
          {t('confirmation.pending', { titles: entry.pendingWaivers.map((waiver) => `${waiver.title} (v${waiver.version})`).join(', ') })}{' '}
          <Link to={`/enter/${slug}/entries/${entry.id}/edit`}>{t('confirmation.acceptNow')}</Link>
        </p>
      )}
      <FeeLine entryForm={entryForm} />
      <dl className="entry-facts">
        <dt>{t('confirmation.fleet')}</dt><dd>{entry.fleetName}</dd>
        <dt>{t('confirmation.boat')}</dt><dd>{boat}{entry.boat.model ? `, ${entry.boat.model}` : ''}</dd>
        <dt>{t('confirmation.sailor')}</dt><dd>{entry.sailor.name}</dd>
        <dt>{t('confirmation.crew')}</dt>
        <dd>{entry.crewMembers.length === 0 ? '—' : entry.crewMembers.map((member) => [member.name, member.role].filter(Boolean).join(', ')).join('; ')}</dd>
        <dt>{t('sailor.emergencyContact')}</dt><dd>{entry.emergencyContact ?? '—'}</dd>
        {entryForm.questions.map((question) => (
          <div key={question.id} style={{ display: 'contents' }}>
            <dt>{question.label}</dt><dd>{answerText(t, entry.answers[question.id])}</dd>
          </div>
        ))}
        {entry.waiverAcceptances.map((acceptance) => {
          const waiver = entryForm.waivers.find((candidate) => candidate.id === acceptance.waiverId);
          return (
            <div key={acceptance.waiverId} style={{ display: 'contents' }}>
              <dt>{waiver ? waiver.title : t('confirmation.waiver')}</dt>
              <dd>
                {t('confirmation.accepted', { version: acceptance.version, at: formatDateTime(acceptance.acceptedAt, i18n.language) })}
                {acceptance.guardian ? ` ${t('confirmation.guardian', { name: acceptance.guardian.name })}` : ''}
              </dd>
            </div>
          );
        })}
      </dl>
      <ProblemAlert error={withdraw.error} ns="enter" />
      <div className="actions">
        {editable && <Link className="button" to={`/enter/${slug}/entries/${entry.id}/edit`}>{t('confirmation.edit')}</Link>}
        {active && (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>{t('confirmation.withdraw')}</button>
        )}
        <Link to="/me/regattas">{t('confirmation.myRegattas')}</Link>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('confirmation.withdrawTitle')}
        confirmLabel={t('confirmation.withdrawConfirm')}
        danger
        busy={withdraw.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          withdraw.mutate(entry.id, {
            onSuccess: () => {
              setConfirming(false);
              setDone(t('confirmation.withdrawn'));
            },
            onError: () => setConfirming(false),
          })
        }
      >
        <p>{t('confirmation.withdrawText', { boat })}</p>
      </ConfirmDialog>
    </>
  );
}
