/**
 * The boat as entered in this regatta, in the entry's dialog: who corrected it and when, and the
 * "Edit boat" form (updateRegistration's `boat`: name, sail number, model). A correction is this
 * regatta's only, as a scorer corrects a competitor: the entry list, results and standings of this
 * regatta show it; the sailor's boat and her other regattas keep what was entered there. A sail
 * number another entry of the regatta holds (409 boat_already_registered) is shown at the field.
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/problem';
import { applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import { formatDateTime } from '../../i18n/format';
import { useEntryChanges } from './actions';
import { BoatFields } from './BoatFields';
import { entryName, type Entry } from './rules';
import { BOAT_EDIT_ALIASES, boatEditSchema, boatEditValues, boatRequest, type BoatEditValues } from './schemas';

export interface BoatSectionProps {
  slug: string;
  entry: Entry;
  timeZone: string | null;
  /** Called with what happened in words after the API accepted a correction. */
  onDone: (message: string) => void;
}

export function BoatSection({ slug, entry, timeZone, onDone }: BoatSectionProps) {
  const { t, i18n } = useTranslation('entries');
  const headingId = useId();
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const corrected = entry.boat.corrected;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('boat.title')}</h3>
      <p className="hint">
        {corrected ? t('boat.corrected', { date: formatDateTime(corrected.at, i18n.language, timeZone) }) : t('boat.asEntered')}
      </p>
      <div className="actions">
        <button type="button" className="secondary" aria-expanded={editing} {...(editing ? { 'aria-controls': formId } : {})} onClick={() => setEditing(!editing)}>
          {t('boat.edit')}
        </button>
      </div>
      {editing && (
        <BoatForm
          id={formId}
          slug={slug}
          entry={entry}
          headingId={headingId}
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            onDone(message);
          }}
        />
      )}
    </section>
  );
}

function BoatForm({ id, slug, entry, headingId, onClose, onSaved }: { id: string; slug: string; entry: Entry; headingId: string; onClose: () => void; onSaved: (message: string) => void }) {
  const { t } = useTranslation('entries');
  const hintId = useId();
  const { patch } = useEntryChanges(slug);
  const form = useForm<BoatEditValues>({ resolver: zodResolver(boatEditSchema), defaultValues: boatEditValues(entry.boat) });
  const draft = useDraft(form, `entry-boat.${entry.id}`);
  const [general, setGeneral] = useState<string[]>([]);
  const submit = form.handleSubmit((values) => {
    setGeneral([]);
    patch.mutate(
      { registrationId: entry.id, body: boatRequest(values) },
      {
        onSuccess: (change) => {
          draft.clear();
          onSaved(t('done.boat', { entry: entryName(change.data) }));
        },
        onError: (error) => {
          setGeneral(applyApiError(form, error, BOAT_EDIT_ALIASES));
          if (error instanceof ApiError && error.code === 'boat_already_registered') form.setError('sailNumber', { type: 'server', message: 'entries:boat.sailTaken' });
        },
      },
    );
  });
  const discard = () => {
    draft.clear();
    onClose();
  };
  const { errors } = form.formState;
  return (
    <div id={id}>
      <p id={hintId} className="hint">{t('boat.scope')}</p>
      <ProblemAlert error={inOwnWords(patch.error, t, 'entries')} general={general} />
      <form noValidate aria-labelledby={headingId} aria-describedby={hintId} onSubmit={submit}>
        <BoatFields
          register={{ boatName: form.register('boatName'), sailNumber: form.register('sailNumber'), model: form.register('model') }}
          errors={{ boatName: errors.boatName?.message, sailNumber: errors.sailNumber?.message, model: errors.model?.message }}
        />
        <div className="actions">
          <button type="submit" disabled={patch.isPending}>{patch.isPending ? t('boat.saving') : t('boat.save')}</button>
          <button type="button" className="secondary" onClick={discard}>{t('boat.discard')}</button>
        </div>
      </form>
    </div>
  );
}
