/**
 * The organizer's entry form of a regatta, in its entries tab: questions (text, choice, yes/no;
 * required or not) and waivers. Changing a waiver's text makes a new version, which the entries
 * made before are asked to accept (the answer says how many).
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api, unwrap } from '../../api/client';
import { Field, applyApiError } from '../../ui/form';
import { ProblemAlert } from '../../ui/states';
import type { EntryFormData } from './EntryFormSummary';

const questionSchema = z
  .object({
    kind: z.enum(['text', 'choice', 'yes_no']),
    label: z.string().trim().min(1, 'validation.required').max(300, 'validation.tooLong'),
    choices: z.string(),
    required: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.kind === 'choice' && new Set(splitChoices(values.choices)).size < 2) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'entries:form.twoChoices' });
  });
type QuestionValues = z.infer<typeof questionSchema>;

const waiverSchema = z.object({
  title: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  body: z.string().trim().min(1, 'validation.required').max(20_000, 'validation.tooLong'),
});
type WaiverValues = z.infer<typeof waiverSchema>;

/** Choices typed one per line (or separated by commas). */
export function splitChoices(text: string): string[] {
  return text.split(/[\n,]/).map((choice) => choice.trim()).filter((choice) => choice !== '');
}

function useFormChanges(slug: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['event', slug] });
  const path = { params: { path: { slug } } };
  return {
    addQuestion: useMutation({
      mutationFn: (values: QuestionValues) =>
        unwrap(api.POST('/api/v1/events/{slug}/entry-form/questions', { ...path, body: { kind: values.kind, label: values.label, required: values.required, choices: values.kind === 'choice' ? splitChoices(values.choices) : [] } })),
      onSettled: refresh,
    }),
    requireQuestion: useMutation({
      mutationFn: ({ questionId, required }: { questionId: string; required: boolean }) =>
        unwrap(api.PATCH('/api/v1/events/{slug}/entry-form/questions/{questionId}', { params: { path: { slug, questionId } }, body: { required } })),
      onSettled: refresh,
    }),
    removeQuestion: useMutation({
      mutationFn: (questionId: string) => unwrap(api.DELETE('/api/v1/events/{slug}/entry-form/questions/{questionId}', { params: { path: { slug, questionId } } })),
      onSettled: refresh,
    }),
    addWaiver: useMutation({
      mutationFn: (values: WaiverValues) => unwrap(api.POST('/api/v1/events/{slug}/entry-form/waivers', { ...path, body: values })),
      onSettled: refresh,
    }),
    changeWaiver: useMutation({
      mutationFn: ({ waiverId, values }: { waiverId: string; values: WaiverValues }) =>
        unwrap(api.PATCH('/api/v1/events/{slug}/entry-form/waivers/{waiverId}', { params: { path: { slug, waiverId } }, body: values })),
      onSettled: refresh,
    }),
    removeWaiver: useMutation({
      mutationFn: (waiverId: string) => unwrap(api.DELETE('/api/v1/events/{slug}/entry-form/waivers/{waiverId}', { params: { path: { slug, waiverId } } })),
      onSettled: refresh,
    }),
  };
}

export function EntryFormEditor({ slug, form }: { slug: string; form: EntryFormData }) {
  const { t } = useTranslation('entries');
  const ids = { title: useId(), questions: useId(), waivers: useId() };
  const changes = useFormChanges(slug);
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const question = useForm<QuestionValues>({ resolver: zodResolver(questionSchema), defaultValues: { kind: 'text', label: '', choices: '', required: false } });
  const waiver = useForm<WaiverValues>({ resolver: zodResolver(waiverSchema), defaultValues: { title: '', body: '' } });
  const [questionGeneral, setQuestionGeneral] = useState<string[]>([]);
  const [waiverGeneral, setWaiverGeneral] = useState<string[]>([]);
  const kind = question.watch('kind');
  const error = changes.removeQuestion.error ?? changes.requireQuestion.error ?? changes.removeWaiver.error ?? changes.changeWaiver.error;

  const addQuestion = question.handleSubmit((values) =>
    changes.addQuestion.mutate(values, {
      onSuccess: (answer) => {
        question.reset();
        setAnnouncement(t('form.questionAdded', { label: answer.data.label }));
      },
      onError: (failure) => setQuestionGeneral(applyApiError(question, failure)),
    }),
  );
  const addWaiver = waiver.handleSubmit((values) =>
    changes.addWaiver.mutate(values, {
      onSuccess: (answer) => {
        waiver.reset();
        setAnnouncement(t('form.waiverAdded', { title: answer.data.title }));
      },
      onError: (failure) => setWaiverGeneral(applyApiError(waiver, failure)),
    }),
  );

  return (
    <section aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('form.title')}</h2>
      <p className="hint">{t('form.hint')}</p>
      <p role="status" className={announcement ? 'notice' : undefined}>{announcement}</p>
      <ProblemAlert error={error} />
      <h3 id={ids.questions}>{t('form.questions')}</h3>
      {form.questions.length === 0 ? (
        <p className="muted">{t('form.noQuestions')}</p>
      ) : (
        <ul aria-labelledby={ids.questions}>
          {form.questions.map((q) => (
            <li key={q.id}>
              <strong>{q.label}</strong> ({t(`form.kind.${q.kind}`)}{q.required ? `, ${t('form.required')}` : ''}){q.kind === 'choice' ? `: ${q.choices.join(', ')}` : ''}{' '}
              <button
                type="button"
                className="secondary"
                onClick={() =>
                  changes.requireQuestion.mutate(
                    { questionId: q.id, required: !q.required },
                    { onSuccess: (answer) => setAnnouncement(t(answer.data.required ? 'form.nowRequired' : 'form.nowOptional', { label: q.label })) },
                  )
                }
              >
                {t(q.required ? 'form.makeOptional' : 'form.makeRequired', { label: q.label })}
              </button>{' '}
              <button type="button" className="secondary" onClick={() => changes.removeQuestion.mutate(q.id, { onSuccess: () => setAnnouncement(t('form.questionRemoved', { label: q.label })) })}>
                {t('form.removeQuestion', { label: q.label })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate aria-label={t('form.addQuestion')} onSubmit={addQuestion}>
        <ProblemAlert error={changes.addQuestion.error} general={questionGeneral} />
        <div className="form-row">
          <Field label={t('form.questionLabel')} error={question.formState.errors.label?.message}>
            {(a) => <input {...a} autoComplete="off" {...question.register('label')} />}
          </Field>
          <Field label={t('form.questionKind')}>
            {(a) => (
              <select {...a} {...question.register('kind')}>
                {(['text', 'choice', 'yes_no'] as const).map((k) => <option key={k} value={k}>{t(`form.kind.${k}`)}</option>)}
              </select>
            )}
          </Field>
        </div>
        {kind === 'choice' && (
          <Field label={t('form.choices')} error={question.formState.errors.choices?.message} hint={t('form.choicesHint')}>
            {(a) => <textarea {...a} rows={3} {...question.register('choices')} />}
          </Field>
        )}
        <label><input type="checkbox" {...question.register('required')} /> {t('form.requiredLabel')}</label>
        <div className="actions"><button type="submit" disabled={changes.addQuestion.isPending}>{t('form.addQuestion')}</button></div>
      </form>

      <h3 id={ids.waivers}>{t('form.waivers')}</h3>
      {form.waivers.length === 0 ? (
        <p className="muted">{t('form.noWaivers')}</p>
      ) : (
        <ul aria-labelledby={ids.waivers}>
          {form.waivers.map((w) => (
            <li key={w.id}>
              <strong>{w.title}</strong> ({t('form.version', { version: w.version })})
              {editing === w.id ? (
                <WaiverEdit
                  initial={{ title: w.title, body: w.body }}
                  busy={changes.changeWaiver.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={(values) =>
                    changes.changeWaiver.mutate(
                      { waiverId: w.id, values },
                      {
                        onSuccess: (answer) => {
                          setEditing(null);
                          setAnnouncement(t('form.waiverChanged', { title: answer.data.title, version: answer.data.version, count: answer.entriesToAccept }));
                        },
                      },
                    )
                  }
                />
              ) : (
                <>
                  <p className="waiver-text">{w.body}</p>
                  <button type="button" className="secondary" onClick={() => setEditing(w.id)}>{t('form.editWaiver', { title: w.title })}</button>{' '}
                  <button type="button" className="secondary" onClick={() => changes.removeWaiver.mutate(w.id, { onSuccess: () => setAnnouncement(t('form.waiverRemoved', { title: w.title })) })}>
                    {t('form.removeWaiver', { title: w.title })}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form noValidate aria-label={t('form.addWaiver')} onSubmit={addWaiver}>
        <ProblemAlert error={changes.addWaiver.error} general={waiverGeneral} />
        <Field label={t('form.waiverTitle')} error={waiver.formState.errors.title?.message}>
          {(a) => <input {...a} autoComplete="off" {...waiver.register('title')} />}
        </Field>
        <Field label={t('form.waiverBody')} error={waiver.formState.errors.body?.message}>
          {(a) => <textarea {...a} rows={4} {...waiver.register('body')} />}
        </Field>
        <div className="actions"><button type="submit" disabled={changes.addWaiver.isPending}>{t('form.addWaiver')}</button></div>
      </form>
    </section>
  );
}

function WaiverEdit({ initial, busy, onSave, onCancel }: { initial: WaiverValues; busy: boolean; onSave: (values: WaiverValues) => void; onCancel: () => void }) {
  const { t } = useTranslation('entries');
  const form = useForm<WaiverValues>({ resolver: zodResolver(waiverSchema), defaultValues: initial });
  return (
    <form noValidate aria-label={t('form.editWaiver', { title: initial.title })} onSubmit={form.handleSubmit(onSave)}>
      <Field label={t('form.waiverTitle')} error={form.formState.errors.title?.message}>
        {(a) => <input {...a} autoComplete="off" {...form.register('title')} />}
      </Field>
      <Field label={t('form.waiverBody')} error={form.formState.errors.body?.message} hint={t('form.newVersionHint')}>
        {(a) => <textarea {...a} rows={4} {...form.register('body')} />}
      </Field>
      <div className="actions">
        <button type="submit" disabled={busy}>{t('form.saveWaiver')}</button>
        <button type="button" className="secondary" onClick={onCancel}>{t('form.cancel')}</button>
      </div>
    </form>
  );
}
