/** One entry of the route (:slug, :registrationId) with its regatta's entry form, loaded for a screen. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Schemas } from '@regatta/client';
import { QueryView } from '../../ui/states';
import { useEntry, useEntryForm } from './api';
import type { EntryForm } from './form';
import './enter.css';

export function EntryLoader({ children }: { children: (props: { slug: string; entry: Schemas['EntryDetail']; entryForm: EntryForm }) => ReactNode }) {
  const { slug = '', registrationId = '' } = useParams();
  const { t } = useTranslation('enter');
  const entry = useEntry(slug, registrationId);
  const form = useEntryForm(slug);
  return (
    <div className="enter">
      <QueryView query={entry} label={t('loading')}>
        {(data) => <QueryView query={form}>{(entryForm) => children({ slug, entry: data, entryForm })}</QueryView>}
      </QueryView>
    </div>
  );
}
