/**
 * /enter/:slug: a sailor enters a regatta in one form (the public regatta page's "Enter" lands here,
 * through sign-up or sign-in). The fee and the state of entries are said first; a full regatta still
 * takes entries onto its waitlist. After entering, the bookmarkable confirmation page says entered or
 * waitlisted with the position.
 */
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, formatMoney } from '../../i18n/format';
import { applyApiError, useDraft } from '../../ui/form';
import { ProblemAlert, QueryView } from '../../ui/states';
import { useEntryActions, useEntryForm, useMyBoats } from './api';
import { EntryFields, fieldAliases } from './EntryFields';
import { emptyValues, enterSchema, entryPath, registerBody, type EnterValues, type EntryForm } from './form';
import './enter.css';

export default function EnterRegatta() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('enter');
  const form = useEntryForm(slug);
  const boats = useMyBoats();
  return (
    <div className="enter">
      <QueryView query={form} label={t('loading')}>
        {(entryForm) => <QueryView query={boats}>{(myBoats) => <EnterScreen slug={slug} entryForm={entryForm} boats={myBoats} />}</QueryView>}
      </QueryView>
    </div>
  );
}

/** The fee in the regatta's currency, or "no fee". */
export function FeeLine({ entryForm }: { entryForm: EntryForm }) {
  const { t, i18n } = useTranslation('enter');
  const { entryFee, currency } = entryForm.event;
  const fee = entryFee === null ? t('fee.none') : formatMoney(Number(entryFee), currency, i18n.language);
  return <p className="fee"><strong>{t('fee.label')}</strong> {fee}</p>;
}

function EnterScreen({ slug, entryForm, boats }: { slug: string; entryForm: EntryForm; boats: Parameters<typeof EntryFields>[0]['boats'] }) {
  const { t, i18n } = useTranslation('enter');
  const navigate = useNavigate();
  const schema = useMemo(() => enterSchema(entryForm, false), [entryForm]);
  const form = useForm<EnterValues>({ resolver: zodResolver(schema), defaultValues: emptyValues(entryForm) });
  const draft = useDraft(form, `enter.${slug}`);
  const { enter } = useEntryActions(slug);
  const [general, setGeneral] = useState<string[]>([]);
  const { event } = entryForm;
  const takesEntries = entryForm.entries === 'open' || entryForm.entries === 'full';

  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    enter.mutate(registerBody(entryForm, values), {
      onSuccess: async (answer) => {
        draft.clear();
        await navigate(entryPath(slug, answer.data.id));
      },
      onError: (error) => setGeneral(applyApiError(form, error, fieldAliases(entryForm))),
    });
  });

  return (
    <>
      <h1>{t('title', { regatta: event.name })}</h1>
      <p className="muted">
        {[event.organization.name, event.startDate ? formatDate(event.startDate, i18n.language) : null, event.venue].filter(Boolean).join(' · ')}
      </p>
      <FeeLine entryForm={entryForm} />
      {entryForm.myEntry ? (
        <p className="notice">
          {t('already')} <Link to={entryPath(slug, entryForm.myEntry.id)}>{t('seeEntry')}</Link>
        </p>
      ) : !takesEntries ? (
        <p className="notice">{t(`state.${entryForm.entries}`, { date: event.registrationOpen ? formatDate(event.registrationOpen, i18n.language) : '' })}</p>
      ) : (
        <>
          {entryForm.entries === 'full' && <p className="notice">{t('state.full')}</p>}
          {event.registrationClose && <p className="hint">{t('closes', { date: formatDate(event.registrationClose, i18n.language) })}</p>}
          <ProblemAlert error={enter.error} general={general} ns="enter" />
          <form noValidate aria-label={t('formLabel')} onSubmit={submit}>
            <EntryFields form={form} entryForm={entryForm} boats={boats} editing={false} />
            <div className="actions">
              <button type="submit" disabled={enter.isPending}>{enter.isPending ? t('sending') : t('submit')}</button>
            </div>
          </form>
        </>
      )}
    </>
  );
}
