/** The page the reset e-mail links to (?id=&token=): a new password, once. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap, ApiError } from '../../api/client';
import { Field, applyApiError } from '../../ui/form';
import { ProblemAlert } from '../../ui/states';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { resetPasswordSchema, type ResetPasswordValues } from './schemas';

/** The API names `token` (or `linkId`) when the link itself is refused: used, expired or altered. */
function linkRefused(error: unknown): boolean {
  return error instanceof ApiError && error.fieldErrors.some((e) => /(^|\.)(token|linkId)$/.test(e.field));
}

export default function ResetPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linkId = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const form = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '' } });
  const [general, setGeneral] = useState<string[]>([]);
  const reset = useMutation({
    mutationFn: (values: ResetPasswordValues) => unwrap(api.POST('/api/v1/auth/password-reset/confirm', { body: { linkId, token, password: values.password } })),
    onError: (error) => setGeneral(linkRefused(error) ? [] : applyApiError(form, error)),
  });
  const { errors } = form.formState;
  const invalid = !linkId || !token || linkRefused(reset.error);
  return (
    <main id="main" className="page narrow">
      <div className="corner"><LanguageSwitch /></div>
      <h1>{t('account:resetTitle')}</h1>
      {reset.isSuccess ? (
        <>
          <p role="status">{t('account:passwordChanged')}</p>
          <p><Link to="/sign-in">{t('account:signIn')}</Link></p>
        </>
      ) : invalid ? (
        <>
          <p role="alert">{t('account:linkInvalid')}</p>
          <p><Link to="/forgot-password">{t('account:askAgain')}</Link></p>
        </>
      ) : (
        <>
          <ProblemAlert error={reset.error} general={general} />
          <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
            <Field label={t('account:newPassword')} hint={t('account:passwordHint')} error={errors.password?.message}>
              {(a) => <input {...a} type="password" autoComplete="new-password" {...form.register('password')} />}
            </Field>
            <button type="submit" disabled={reset.isPending}>{t('account:setPassword')}</button>
          </form>
        </>
      )}
    </main>
  );
}
