/** Withdrawing a case with the protest committee's approval (rule 63.1), with the reason as approved. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Field, applyApiError } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { ProblemAlert } from '../../ui/states';
import { useJuryActions } from './api';
import type { Protest } from './schemas';

const schema = z.object({ reason: z.string().trim().min(1, 'validation.required').max(2000, 'validation.tooLong') });

export function WithdrawForm({ slug, protest, headingId, onDone }: { slug: string; protest: Protest; headingId: string; onDone: (message: string) => void }) {
  const { t } = useTranslation('jury');
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const { withdraw } = useJuryActions(slug);
  const [general, setGeneral] = useState<string[]>([]);
  const submit = form.handleSubmit(({ reason }) =>
    withdraw.mutate({ id: protest.id, reason: reason.trim() }, { onSuccess: (saved) => onDone(t('withdraw.done', { number: saved.number })), onError: (error) => setGeneral(applyApiError(form, error)) }),
  );
  return (
    <>
      <ProblemAlert error={inOwnWords(withdraw.error, t, 'jury')} general={general} />
      <form noValidate aria-labelledby={headingId} onSubmit={submit}>
        <Field label={t('fields.reason')} error={form.formState.errors.reason?.message} hint={t('withdraw.hint')}>
          {(a) => <textarea {...a} rows={2} {...form.register('reason')} />}
        </Field>
        <div className="actions">
          <button type="submit" className="danger" disabled={withdraw.isPending}>{t('withdraw.submit')}</button>
        </div>
      </form>
    </>
  );
}
