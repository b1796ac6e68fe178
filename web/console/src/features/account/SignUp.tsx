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
import { safeNext, signUpSchema, type SignUpValues } from './schemas';

export default function SignUp() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const next = safeNext(params.get('next'));
  const form = useForm<SignUpValues>({ resolver: zodResolver(signUpSchema), defaultValues: { name: '', email: '', password: '' } });
  const draft = useDraft(form, 'sign-up');
  const [general, setGeneral] = useState<string[]>([]);
  const signUp = useMutation({
    mutationFn: (values: SignUpValues) => unwrap(api.POST('/api/v1/auth/signup', { body: values })),
    onSuccess: async () => {
      draft.clear();
      await queryClient.invalidateQueries({ queryKey: ['session'] });
      await navigate(next === '/' ? '/orgs' : next, { replace: true });
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <main id="main" className="page narrow">
      <div className="corner"><LanguageSwitch /></div>
      <h1>{t('account:signUpTitle')}</h1>
      <ProblemAlert error={signUp.error} general={general} />
      <form noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))}>
        <Field label={t('account:name')} error={errors.name?.message}>
          {(a) => <input {...a} autoComplete="name" {...form.register('name')} />}
        </Field>
        <Field label={t('account:email')} error={errors.email?.message}>
          {(a) => <input {...a} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label={t('account:password')} error={errors.password?.message} hint={t('account:passwordHint')}>
          {(a) => <input {...a} type="password" autoComplete="new-password" {...form.register('password')} />}
        </Field>
        <button type="submit" disabled={signUp.isPending}>{t('account:createAccount')}</button>
      </form>
      <p>
        {t('account:haveAccount')} <Link to={`/sign-in${next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`}>{t('account:signIn')}</Link>
      </p>
    </main>
  );
}
