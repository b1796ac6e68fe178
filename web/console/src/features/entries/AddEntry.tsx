/**
 * An organizer enters a sailor and her boat (registerForEvent with `sailor` {name, email}: the entry
 * belongs to the user with that e-mail, or is kept under that name and address when there is none).
 * The answer says whether the boat is entered or waitlisted and at which position.
 */
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import { BoatFields } from './BoatFields';
import { CrewAndContacts } from './CrewAndContacts';
import { registerMessage, useEntryChanges } from './actions';
import { ratingSpecOf, type Fleet } from './rules';
import { ADD_ENTRY_ALIASES, EMPTY_ENTRY, SAILOR_LANGUAGES, addEntrySchema, registrationRequest, sailorLanguageOf, type AddEntryValues } from './schemas';

export function AddEntry({ slug, fleets, headingId }: { slug: string; fleets: readonly Fleet[]; headingId: string }) {
  const { t, i18n } = useTranslation('entries');
  const number = new Intl.NumberFormat(i18n.language);
  const fleetById = useMemo(() => new Map(fleets.map((fleet) => [fleet.id, fleet])), [fleets]);
  const schema = useMemo(() => addEntrySchema((fleetId) => ratingSpecOf(fleetById.get(fleetId))), [fleetById]);
  const form = useForm<AddEntryValues>({ resolver: zodResolver(schema), defaultValues: { ...EMPTY_ENTRY, fleetId: fleets[0]?.id ?? '', sailorLanguage: sailorLanguageOf(i18n.language) } });
  const draft = useDraft(form, `entry-add.${slug}`);
  const { register } = useEntryChanges(slug);
  const [general, setGeneral] = useState<string[]>([]);
  const [answer, setAnswer] = useState('');

  const fleetId = form.watch('fleetId');
  useEffect(() => {
    // A draft or a fleet deleted meanwhile may name a fleet the regatta no longer has.
    if (!fleetById.has(fleetId) && fleets[0]) form.setValue('fleetId', fleets[0].id);
  }, [fleetById, fleetId, fleets, form]);
  const fleet = fleetById.get(fleetId);
  const spec = ratingSpecOf(fleet);

  const submit = form.handleSubmit((values) => {
    setAnswer('');
    setGeneral([]);
    register.mutate(registrationRequest(values, ratingSpecOf(fleetById.get(values.fleetId))), {
      onSuccess: (outcome) => {
        draft.clear();
        form.reset({ ...EMPTY_ENTRY, fleetId: values.fleetId, sailorLanguage: values.sailorLanguage });
        setAnswer(registerMessage(t, outcome, fleetById.get(values.fleetId)?.name ?? ''));
      },
      onError: (error) => setGeneral(applyApiError(form, error, ADD_ENTRY_ALIASES)),
    });
  });

  const { errors } = form.formState;
  return (
    <>
      <p role="status" className={answer ? 'notice' : undefined}>{answer}</p>
      <ProblemAlert error={inOwnWords(register.error, t, 'entries')} general={general} />
      <form noValidate aria-labelledby={headingId} onSubmit={submit}>
        <Field label={t('fields.fleet')} error={errors.fleetId?.message}>
          {(a) => (
            <select {...a} {...form.register('fleetId')}>
              {fleets.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            </select>
          )}
        </Field>
        <fieldset>
          <legend>{t('add.sailor')}</legend>
          <div className="form-row">
            <Field label={t('fields.sailorName')} error={errors.sailorName?.message}>
              {(a) => <input {...a} autoComplete="off" {...form.register('sailorName')} />}
            </Field>
            <Field label={t('fields.sailorEmail')} error={errors.sailorEmail?.message} hint={t('add.emailHint')}>
              {(a) => <input {...a} type="email" autoComplete="off" {...form.register('sailorEmail')} />}
            </Field>
            <Field label={t('fields.sailorLanguage')} error={errors.sailorLanguage?.message} hint={t('add.languageHint')}>
              {(a) => (
                <select {...a} {...form.register('sailorLanguage')}>
                  {SAILOR_LANGUAGES.map((language) => <option key={language} value={language}>{t(`add.languages.${language}`)}</option>)}
                </select>
              )}
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('add.boat')}</legend>
          <BoatFields
            register={{ boatName: form.register('boatName'), sailNumber: form.register('sailNumber'), model: form.register('model') }}
            errors={{ boatName: errors.boatName?.message, sailNumber: errors.sailNumber?.message, model: errors.model?.message }}
          >
            {spec && (
              <Field
                label={t(`rating.label.${spec.key}`)}
                error={errors.rating?.message}
                hint={t('rating.range', { min: number.format(spec.min), max: number.format(spec.max) })}
              >
                {(a) => <input {...a} inputMode="decimal" autoComplete="off" {...form.register('rating')} />}
              </Field>
            )}
          </BoatFields>
        </fieldset>
        <fieldset>
          <legend>{t('add.more')}</legend>
          <CrewAndContacts
            register={{ crew: form.register('crew'), emergencyContact: form.register('emergencyContact'), specialRequirements: form.register('specialRequirements') }}
            errors={{ crew: errors.crew?.message, emergencyContact: errors.emergencyContact?.message, specialRequirements: errors.specialRequirements?.message }}
          />
        </fieldset>
        <div className="actions">
          <button type="submit" disabled={register.isPending}>{register.isPending ? t('add.submitting') : t('add.submit')}</button>
        </div>
      </form>
    </>
  );
}
