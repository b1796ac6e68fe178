/** An entry's answers and waiver acceptances (who, when, which version, the guardian, minor crew's guardians), for the organizer's entry list. */
import { useTranslation } from 'react-i18next';
import type { Schemas } from '@regatta/client';
import { formatDateTime } from '../../i18n/format';
import type { Entry } from './rules';

export type EntryFormData = Schemas['EntryForm'];

/** Whether the regatta's entry form asks anything (then the list shows a column for it). */
export const asksAnything = (form: EntryFormData | undefined): form is EntryFormData => !!form && (form.questions.length > 0 || form.waivers.length > 0);

export function EntryFormSummary({ entry, form, timeZone }: { entry: Entry; form: EntryFormData; timeZone: string | null }) {
  const { t, i18n } = useTranslation('entries');
  if (!entry.answers) return <>—</>;
  const answer = (value: string | boolean | undefined) => (value === undefined ? '—' : typeof value === 'boolean' ? t(value ? 'form.yes' : 'form.no') : value);
  const pending = new Set((entry.pendingWaivers ?? []).map((waiver) => waiver.id));
  return (
    <ul className="entry-form-summary">
      {form.questions.map((question) => (
        <li key={question.id}>{`${question.label}: ${answer(entry.answers?.[question.id])}`}</li>
      ))}
      {form.waivers.map((waiver) => {
        const accepted = entry.waiverAcceptances?.find((acceptance) => acceptance.waiverId === waiver.id);
        if (!accepted || pending.has(waiver.id)) {
          return <li key={waiver.id}><strong>{`${waiver.title}: ${t('form.toAccept', { version: waiver.version })}`}</strong></li>;
        }
        return (
          <li key={waiver.id}>
            {`${waiver.title}: ${t('form.accepted', { version: accepted.version, name: accepted.name ?? '—', at: formatDateTime(accepted.acceptedAt, i18n.language, timeZone) })}${accepted.guardian ? ` ${t('form.guardian', { name: accepted.guardian.name })}` : ''}`}
            {(accepted.crewGuardians ?? []).map((guardian) => ` ${t('form.crewGuardian', { crew: guardian.crewMember, name: guardian.name })}`).join('')}
          </li>
        );
      })}
    </ul>
  );
}
