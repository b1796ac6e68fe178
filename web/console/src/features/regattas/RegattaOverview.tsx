/**
 * A regatta's overview: its facts, editing them, moving its status (publish, withdraw, under way,
 * completed), cancelling it, deleting a draft, copying it as a new draft. Headings start at h2 (the
 * layout holds the h1).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { Loading, ProblemAlert } from '../../ui/states';
import { formatDays } from './dates';
import { RegattaFields } from './RegattaFields';
import {
  canCancel,
  canDelete,
  copySchema,
  nextStatuses,
  regattaEditSchema,
  suggestCopy,
  toCopyRequest,
  toFormValues,
  toUpdateRequest,
  type CopyValues,
  type EventStatus,
  type RegattaFormValues,
} from './schemas';
import { StatusBadge } from './StatusBadge';
import { regattaQueryKey, useRegatta, type Regatta } from './useRegatta';

export default function RegattaOverview() {
  const regatta = useRegatta();
  if (!regatta.data) return <Loading />;
  return <Overview key={regatta.data.id} event={regatta.data} />;
}

function Overview({ event }: { event: Regatta }) {
  const { t } = useTranslation('regattas');
  const [editing, setEditing] = useState(false);
  const arrived = (useLocation().state as { notice?: string } | null)?.notice ?? '';
  const [said, setSaid] = useState(arrived);
  return (
    <>
      <p role="status" className={said ? 'notice' : undefined}>{said}</p>
      <section aria-labelledby="regatta-details">
        <h2 id="regatta-details">{t('overview.details')}</h2>
        <Facts event={event} />
        <p className="actions">
          <button
            type="button"
            className="secondary"
            aria-expanded={editing}
            aria-controls={editing ? 'regatta-edit-form' : undefined}
            onClick={() => {
              setSaid('');
              setEditing(!editing);
            }}
          >
            {t('overview.edit')}
          </button>
        </p>
      </section>
      {editing && (
        <EditRegatta
          event={event}
          onDone={(message) => {
            setEditing(false);
            setSaid(message);
          }}
        />
      )}
      <StatusActions event={event} onSaid={setSaid} />
      <CopyRegatta event={event} />
    </>
  );
}

function Facts({ event }: { event: Regatta }) {
  const { t, i18n } = useTranslation('regattas');
  const lng = i18n.language;
  const at = (iso: string | null | undefined) => formatDateTime(iso, lng, event.timeZone);
  const window =
    event.registrationOpen && event.registrationClose
      ? t('overview.entryWindowRange', { opens: at(event.registrationOpen), closes: at(event.registrationClose) })
      : event.registrationOpen
        ? t('overview.opensOnly', { opens: at(event.registrationOpen) })
        : event.registrationClose
          ? t('overview.closesOnly', { closes: at(event.registrationClose) })
          : t('overview.notSet');
  const fee = event.entryFee ? formatMoney(Number(event.entryFee), event.currency, lng) : t('overview.free');
  return (
    <dl className="facts">
      <dt>{t('overview.status')}</dt>
      <dd><StatusBadge status={event.status} /></dd>
      <dt>{t('overview.dates')}</dt>
      <dd>{formatDays(event, lng)}</dd>
      <dt>{t('overview.venue')}</dt>
      <dd>{event.venue || t('overview.notSet')}</dd>
      <dt>{t('overview.timeZone')}</dt>
      <dd>{event.timeZone || t('overview.notSet')}</dd>
      <dt>{t('overview.entryWindow')}</dt>
      <dd>{window}</dd>
      <dt>{t('overview.entryFee')}</dt>
      <dd>{fee}</dd>
      <dt>{t('overview.capacity')}</dt>
      <dd>{event.maxParticipants ?? t('overview.unlimited')}</dd>
      <dt>{t('overview.description')}</dt>
      <dd>{event.description || t('overview.notSet')}</dd>
    </dl>
  );
}

/** After a change: the regatta everywhere it is shown (its screens and the organization's lists). */
function useRefresh(slug: string) {
  const queryClient = useQueryClient();
  return async (data?: Regatta) => {
    if (data) queryClient.setQueryData(regattaQueryKey(slug), data);
    await queryClient.invalidateQueries({ queryKey: regattaQueryKey(slug) });
    await queryClient.invalidateQueries({ queryKey: ['regattas'] });
  };
}

function EditRegatta({ event, onDone }: { event: Regatta; onDone: (message: string) => void }) {
  const { t } = useTranslation('regattas');
  const [initial] = useState(() => toFormValues(event));
  const form = useForm<RegattaFormValues>({ resolver: zodResolver(regattaEditSchema(initial)), defaultValues: initial });
  const draft = useDraft(form, `regatta-edit-${event.slug}`);
  const [general, setGeneral] = useState<string[]>([]);
  const refresh = useRefresh(event.slug);
  const save = useMutation({
    mutationFn: (values: RegattaFormValues) =>
      unwrap(api.PUT('/api/v1/events/{slug}', { params: { path: { slug: event.slug } }, body: toUpdateRequest(values, initial) })),
    onMutate: () => setGeneral([]),
    onSuccess: async (body) => {
      draft.clear();
      await refresh(body.data);
      onDone(t('overview.saved'));
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  return (
    <section id="regatta-edit-form" aria-labelledby="regatta-edit">
      <h2 id="regatta-edit">{t('overview.editTitle')}</h2>
      <ProblemAlert error={save.error} general={general} ns="regattas" />
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <RegattaFields form={form} mode="edit" />
        <div className="actions">
          <button type="submit" disabled={save.isPending}>{t('overview.save')}</button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              draft.clear();
              onDone('');
            }}
          >
            {t('overview.stopEditing')}
          </button>
        </div>
      </form>
    </section>
  );
}

function StatusActions({ event, onSaid }: { event: Regatta; onSaid: (message: string) => void }) {
  const { t } = useTranslation('regattas');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = useRefresh(event.slug);
  const [dialog, setDialog] = useState<'cancel' | 'delete' | null>(null);
  const [reason, setReason] = useState('');
  const path = { params: { path: { slug: event.slug } } };

  const move = useMutation({
    mutationFn: (status: EventStatus) => unwrap(api.PUT('/api/v1/events/{slug}', { ...path, body: { status } })),
    onMutate: () => onSaid(''),
    onSuccess: async (body, status) => {
      await refresh(body.data);
      onSaid(t(`overview.moved.${status}`));
    },
  });
  const cancel = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/events/{slug}/cancel', { ...path, body: { reason: reason.trim() || null } })),
    onMutate: () => onSaid(''),
    onSuccess: async (body) => {
      setDialog(null);
      await refresh(body.data);
      onSaid(t('overview.cancelled'));
    },
    onError: () => setDialog(null),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/events/{slug}', path)),
    onSuccess: async () => {
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: ['regattas'] });
      await navigate(`/orgs/${event.organization.slug}/regattas?show=drafts`, { state: { notice: t('overview.deleted', { name: event.name }) } });
      // Only once its screens are left, so none of them asks for it again.
      queryClient.removeQueries({ queryKey: regattaQueryKey(event.slug) });
    },
    onError: () => setDialog(null),
  });
  const failed = move.error ?? cancel.error ?? remove.error;
  const busy = move.isPending || cancel.isPending || remove.isPending;

  return (
    <section aria-labelledby="regatta-status">
      <h2 id="regatta-status">{t('overview.statusTitle')}</h2>
      <p>{t(`overview.statusHelp.${event.status}`)}</p>
      <ProblemAlert error={failed} ns="regattas" />
      <div className="actions">
        {nextStatuses(event.status).map((status) => (
          <button
            key={status}
            type="button"
            className={status === 'published' ? undefined : 'secondary'}
            disabled={busy}
            onClick={() => {
              cancel.reset();
              remove.reset();
              move.mutate(status);
            }}
          >
            {t(`overview.move.${status}`)}
          </button>
        ))}
        {canCancel(event.status) && (
          <button type="button" className="secondary" disabled={busy} onClick={() => { move.reset(); remove.reset(); setDialog('cancel'); }}>
            {t('overview.cancel')}
          </button>
        )}
        {canDelete(event.status) && (
          <button type="button" className="danger" disabled={busy} onClick={() => { move.reset(); cancel.reset(); setDialog('delete'); }}>
            {t('overview.delete')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={dialog === 'cancel'}
        title={t('overview.cancelTitle', { name: event.name })}
        confirmLabel={t('overview.cancelConfirm')}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setDialog(null)}
      >
        <p>{t('overview.cancelBody')}</p>
        <Field label={t('overview.cancelReason')} error={reason.length > 2000 ? 'validation.tooLong' : undefined}>
          {(a) => <textarea {...a} rows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('overview.deleteTitle', { name: event.name })}
        confirmLabel={t('overview.deleteConfirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setDialog(null)}
      >
        <p>{t('overview.deleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}

function CopyRegatta({ event }: { event: Regatta }) {
  const { t } = useTranslation('regattas');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<CopyValues>({ resolver: zodResolver(copySchema), defaultValues: suggestCopy(event) });
  const draft = useDraft(form, `regatta-copy-${event.slug}`);
  const [general, setGeneral] = useState<string[]>([]);
  const copy = useMutation({
    mutationFn: (values: CopyValues) =>
      unwrap(api.POST('/api/v1/events/{slug}/copy', { params: { path: { slug: event.slug } }, body: toCopyRequest(values) })),
    onMutate: () => setGeneral([]),
    onSuccess: async (body) => {
      draft.clear();
      queryClient.setQueryData(regattaQueryKey(body.data.slug), body.data);
      await queryClient.invalidateQueries({ queryKey: ['regattas'] });
      await navigate(`/regattas/${body.data.slug}`, { state: { notice: t('overview.copied', { name: event.name }) } });
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="regatta-copy">
      <h2 id="regatta-copy">{t('overview.copyTitle')}</h2>
      <p>{t('overview.copyHelp')}</p>
      <ProblemAlert error={copy.error} general={general} ns="regattas" />
      <form noValidate onSubmit={form.handleSubmit((values) => copy.mutate(values))}>
        <Field label={t('overview.copyName')} error={errors.name?.message}>
          {(a) => <input {...a} autoComplete="off" maxLength={200} {...form.register('name')} />}
        </Field>
        <div className="form-row">
          <Field label={t('overview.copyStart')} error={errors.startDate?.message}>
            {(a) => <input {...a} type="date" {...form.register('startDate')} />}
          </Field>
          <Field label={t('overview.copyEnd')} hint={t('overview.copyEndHint')} error={errors.endDate?.message}>
            {(a) => <input {...a} type="date" {...form.register('endDate')} />}
          </Field>
        </div>
        <div className="actions">
          <button type="submit" className="secondary" disabled={copy.isPending}>{t('overview.copySubmit')}</button>
        </div>
      </form>
    </section>
  );
}
