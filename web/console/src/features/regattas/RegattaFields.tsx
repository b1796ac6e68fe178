/**
 * The regatta's fields, in three groups (basics; dates and place; entries), shared by the create and
 * the edit form. Days and entry times are typed on the venue's clock (the time zone field).
 */
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../ui/form';
import { timeZoneNames } from './dates';
import type { RegattaFormValues } from './schemas';

export function RegattaFields({ form, mode }: { form: UseFormReturn<RegattaFormValues>; mode: 'create' | 'edit' }) {
  const { t } = useTranslation('regattas');
  const zonesId = useId();
  const zones = useMemo(() => timeZoneNames(), []);
  const { errors } = form.formState;
  const currency = form.watch('currency');
  return (
    <>
      <fieldset>
        <legend>{t('create.basics')}</legend>
        <Field label={t('fields.name')} error={errors.name?.message}>
          {(a) => <input {...a} autoComplete="off" maxLength={200} {...form.register('name')} />}
        </Field>
        <Field label={t('fields.description')} error={errors.description?.message}>
          {(a) => <textarea {...a} rows={3} {...form.register('description')} />}
        </Field>
      </fieldset>
      <fieldset>
        <legend>{t('create.datesPlace')}</legend>
        <div className="form-row">
          <Field label={t('fields.startDate')} error={errors.startDate?.message}>
            {(a) => <input {...a} type="date" {...form.register('startDate')} />}
          </Field>
          <Field label={t('fields.endDate')} error={errors.endDate?.message}>
            {(a) => <input {...a} type="date" {...form.register('endDate')} />}
          </Field>
        </div>
        <Field label={t('fields.venue')} error={errors.venue?.message}>
          {(a) => <input {...a} maxLength={300} {...form.register('venue')} />}
        </Field>
        <Field label={t('fields.timeZone')} hint={t('fields.timeZoneHint')} error={errors.timeZone?.message}>
          {(a) => <input {...a} list={zonesId} autoComplete="off" spellCheck={false} {...form.register('timeZone')} />}
        </Field>
        <datalist id={zonesId}>
          {zones.map((zone) => <option key={zone} value={zone} />)}
        </datalist>
      </fieldset>
      <fieldset>
        <legend>{t('create.entries')}</legend>
        <div className="form-row">
          <Field label={t('fields.registrationOpen')} hint={t('fields.windowHint')} error={errors.registrationOpen?.message}>
            {(a) => <input {...a} type="datetime-local" {...form.register('registrationOpen')} />}
          </Field>
          <Field label={t('fields.registrationClose')} hint={t('fields.windowHint')} error={errors.registrationClose?.message}>
            {(a) => <input {...a} type="datetime-local" {...form.register('registrationClose')} />}
          </Field>
        </div>
        <div className="form-row">
          <Field
            label={mode === 'edit' ? t('fields.entryFeeIn', { currency }) : t('fields.entryFee')}
            hint={t('fields.entryFeeHint')}
            error={errors.entryFee?.message}
          >
            {(a) => <input {...a} inputMode="decimal" autoComplete="off" {...form.register('entryFee')} />}
          </Field>
          {mode === 'create' && (
            <Field label={t('fields.currency')} hint={t('fields.currencyHint')} error={errors.currency?.message}>
              {(a) => <input {...a} maxLength={3} autoComplete="off" spellCheck={false} {...form.register('currency')} />}
            </Field>
          )}
        </div>
        <Field label={t('fields.maxParticipants')} hint={t('fields.maxParticipantsHint')} error={errors.maxParticipants?.message}>
          {(a) => <input {...a} inputMode="numeric" autoComplete="off" {...form.register('maxParticipants')} />}
        </Field>
      </fieldset>
    </>
  );
}
