/** Forgot password: the account's address gets a single-use link (the answer is the same for any address). */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { Field, applyApiError } from '../../ui/form';
import { ProblemAlert } from '../../ui/states';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { currentLanguage } from '../../i18n';
import { forgotPasswordSchema, type ForgotPasswordValues } from './schemas';

export default function ForgotPassword() {
  const { t } = useTranslation();
  const form = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const [general, setGeneral] = useState<string[]>([]);
  const request = useMutation({
    mutationFn: (values: ForgotPasswordValues) => unwrap(api.POST('/api/v1/auth/password-reset', { body: { email: values.email, locale: currentLanguage() } })),
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <main id="main" className="page narrow">
      <div className="corner"><LanguageSwitch /></div>
      <h1>{t('account:forgotTitle')}</h1>
      {request.isSuccess ? (
        <p role="status">{t('account:linkSent')}</p>
      ) : (
        <>
          <p>{t('account:forgotIntro')}</p>
          <ProblemAlert error={request.error} general={general} />
          <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
            <Field label={t('account:email')} error={errors.email?.message}>
              {(a) => <input {...a} type="email" autoComplete="username" {...form.register('email')} />}
            </Field>
            <button type="submit" disabled={request.isPending}>{t('account:sendLink')}</button>
          </form>
        </>
      )}
      <p><Link to="/sign-in">{t('account:backToSignIn')}</Link></p>
    </main>
  );
}
