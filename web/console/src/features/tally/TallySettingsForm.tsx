/**
 * The organizer's rules of the tally: the daily sign-in deadline (the regatta's clock) and what a
 * missed sign-out or sign-in costs, as the sailing instructions name it: nothing, points added to a
 * finishing place (DPI), or DNC in the day's races (a missed sign-out only). docs/tally.md says why.
 */
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Field, applyApiError } from '../../ui/form';
import { ProblemAlert } from '../../ui/states';
import { useTallyChanges, type TallySettings } from './api';
import { formOf, settingsOf, settingsSchema, type SettingsForm } from './form';

export function TallySettingsForm({ slug, settings }: { slug: string; settings: TallySettings }) {
  const { t } = useTranslation('tally');
  const id = useId();
  const { save } = useTallyChanges(slug);
  const form = useForm<SettingsForm>({ resolver: zodResolver(settingsSchema), defaultValues: formOf(settings) });
  useEffect(() => form.reset(formOf(settings)), [settings, form]);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => save.mutate(settingsOf(values), { onError: (error) => applyApiError(form, error) }));
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('settings.title')}</h3>
      <p className="muted">{t('settings.explain')}</p>
      <form onSubmit={submit} noValidate>
        <Field label={t('settings.deadline')} error={errors.signInDeadline?.message} hint={t('settings.deadlineHint')}>
          {(props) => <input {...props} type="time" {...form.register('signInDeadline')} />}
        </Field>
        <Field label={t('settings.missedSignOut')}>
          {(props) => (
            <select {...props} {...form.register('missedSignOut')}>
              <option value="none">{t('penalty.none')}</option>
              <option value="points">{t('penalty.points')}</option>
              <option value="dnc">{t('penalty.dnc')}</option>
            </select>
          )}
        </Field>
        <Field label={t('settings.missedSignIn')}>
          {(props) => (
            <select {...props} {...form.register('missedSignIn')}>
              <option value="none">{t('penalty.none')}</option>
              <option value="points">{t('penalty.points')}</option>
            </select>
          )}
        </Field>
        <Field label={t('settings.points')} error={errors.penaltyPoints?.message}>
          {(props) => <input {...props} inputMode="decimal" {...form.register('penaltyPoints')} />}
        </Field>
        <button type="submit" disabled={save.isPending}>{t('settings.save')}</button>
      </form>
      <p role="status">{save.isSuccess && !save.isPending ? t('settings.saved') : ''}</p>
      <ProblemAlert error={save.error} ns="tally" />
    </section>
  );
}
