/**
 * /enter/:slug/entries/:registrationId/edit: the sailor moves her entry to another fleet or boat and
 * changes her answers, crew, contact and date of birth until entries close, and accepts a waiver's
 * new version (any time). Back to the confirmation after saving or moving.
 */
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Schemas } from '@regatta/client';
import { applyApiError } from '../../ui/form';
import { ProblemAlert } from '../../ui/states';
import { QueryView } from '../../ui/states';
import { useEntryActions, useMyBoats } from './api';
import { MoveEntry } from './MoveEntry';
import { EntryLoader } from './EntryLoader';
import { EntryFields, fieldAliases } from './EntryFields';
import { editBody, enterSchema, entryPath, valuesOfEntry, type EnterValues, type EntryForm } from './form';

export default function Screen() {
  return <EntryLoader>{(props) => <EditScreen {...props} />}</EntryLoader>;
}

function EditScreen({ slug, entry, entryForm }: { slug: string; entry: Schemas['EntryDetail']; entryForm: EntryForm }) {
  const { t } = useTranslation('enter');
  const navigate = useNavigate();
  const closed = entryForm.entries !== 'open' && entryForm.entries !== 'full';
  const schema = useMemo(() => enterSchema(entryForm, true, closed), [entryForm, closed]);
  const form = useForm<EnterValues>({ resolver: zodResolver(schema), defaultValues: valuesOfEntry(entryForm, entry) });
  const { edit } = useEntryActions(slug);
  const boats = useMyBoats();
  const [general, setGeneral] = useState<string[]>([]);
  const pending = new Set(entry.pendingWaivers.map((waiver) => waiver.id));

  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    edit.mutate(
      { registrationId: entry.id, body: editBody(entryForm, values, pending) },
      {
        onSuccess: async () => navigate(entryPath(slug, entry.id)),
        onError: (error) => setGeneral(applyApiError(form, error, fieldAliases(entryForm))),
      },
    );
  });

  return (
    <>
      <h1>{t('edit.title', { regatta: entry.event.name })}</h1>
      {!closed && <QueryView query={boats}>{(myBoats) => <MoveEntry slug={slug} entry={entry} entryForm={entryForm} boats={myBoats} />}</QueryView>}
      <ProblemAlert error={edit.error} general={general} ns="enter" />
      <form noValidate aria-label={t('edit.formLabel')} onSubmit={submit}>
        <EntryFields form={form} entryForm={entryForm} boats={[]} editing waiversOnly={closed} />
        <div className="actions">
          <button type="submit" disabled={edit.isPending}>{edit.isPending ? t('sending') : t('edit.save')}</button>
          <Link to={entryPath(slug, entry.id)}>{t('edit.cancel')}</Link>
        </div>
      </form>
    </>
  );
}
