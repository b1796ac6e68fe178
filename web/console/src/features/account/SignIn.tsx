import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { ProblemAlert } from '../../ui/states';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { safeNext, signInSchema, type SignInValues } from './schemas';

export default function SignIn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = safeNext(params.get('next'));
  const form = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const draft = useDraft(form, 'sign-in');
  const [general, setGeneral] = useState<string[]>([]);
  const signIn = useMutation({
    mutationFn: (values: SignInValues) => unwrap(api.POST('/api/v1/auth/login', { body: values })),
    onSuccess: async () => {
      draft.clear();
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      await navigate(next, { replace: true });
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <main id="main" className="page narrow">
      <div className="corner"><LanguageSwitch /></div>
      <h1>{t('account:signInTitle')}</h1>
      <ProblemAlert error={signIn.error} general={general} />
      <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
        <Field label={t('account:email')} error={errors.email?.message}>
          {(a) => <input {...a} type="email" autoComplete="username" {...form.register('email')} />}
        </Field>
        <Field label={t('account:password')} error={errors.password?.message}>
          {(a) => <input {...a} type="password" autoComplete="current-password" {...form.register('password')} />}
        </Field>
        <button type="submit" disabled={signIn.isPending}>{t('account:signIn')}</button>
      </form>
      <p><Link to="/forgot-password">{t('account:forgotLink')}</Link></p>
      <p>
        {t('account:noAccount')} <Link to={`/sign-up${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`}>{t('account:signUp')}</Link>
      </p>
      <p><a href="/regattas">{t('account:publicRegattas')}</a></p>
    </main>
  );
}
