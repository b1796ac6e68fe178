/**
 * Webhooks of the organizations the person administers (/console/webhooks): a URL of theirs that
 * the platform notifies, signed, of the event types chosen. The signing secret is shown once, at
 * creation. Each webhook can be edited (URL, types, paused or active), pinged and deleted, and its
 * delivery log (DeliveryLog.tsx) shows every attempt. `?webhook=<id>` opens one webhook (a deep link).
 */
import { useId, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { useSession } from '../../api/session';
import { useCurrentOrg } from '../../app/current-org';
import { formatDateTime } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { DataTable } from '../../ui/DataTable';
import { Empty, Loading, ProblemAlert, QueryView } from '../../ui/states';
import { CheckboxGroup } from './CheckboxGroup';
import { DeliveryLog } from './DeliveryLog';
import { SecretOnce } from './SecretOnce';
import { EVENT_GROUPS, webhookSchema, type EventGroup, type WebhookValues } from './schemas';

type Webhook = Schemas['Webhook'];
type CreatedWebhook = { url: string; secret: string };

export default function Webhooks() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const current = useCurrentOrg();
  const [params, setParams] = useSearchParams();
  const adminOrgs = (session.data?.memberships ?? []).filter((m) => m.role === 'admin');
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const organization = adminOrgs.find((m) => m.organizationId === chosen) ?? adminOrgs.find((m) => m.slug === current) ?? adminOrgs[0];
  const organizationId = organization?.organizationId ?? '';
  const webhooks = useQuery({
    queryKey: ['webhooks', organizationId],
    queryFn: async () => (await unwrap(api.GET('/api/v1/webhooks', { params: { query: { organizationId } } }))).data,
    enabled: organizationId !== '',
  });
  // The signing secret exists only here, in memory, until the person dismisses it or leaves.
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const selectedId = params.get('webhook');
  const select = (id: string | null) => setParams(id ? { webhook: id } : {}, { replace: false });
  const language = i18n.language;

  if (session.isPending) return <Loading />;
  return (
    <>
      <h1>{t('integrations:webhooks.title')}</h1>
      <p>{t('integrations:webhooks.intro')}</p>
      {!organization ? (
        <Empty>{t('integrations:webhooks.notAdmin')}</Empty>
      ) : (
        <>
          {adminOrgs.length > 1 && (
            <Field label={t('integrations:webhooks.organization')}>
              {(a) => (
                <select {...a} value={organizationId} onChange={(e) => { setChosen(e.target.value); select(null); }}>
                  {adminOrgs.map((m) => <option key={m.organizationId} value={m.organizationId}>{m.name ?? m.slug}</option>)}
                </select>
              )}
            </Field>
          )}
          {created && (
            <SecretOnce
              title={t('integrations:webhooks.createdTitle', { url: created.url })}
              secret={created.secret}
              copyLabel={t('integrations:webhooks.copySecret')}
              warning={t('integrations:webhooks.once')}
              onDone={() => setCreated(null)}
            >
              <p className="muted">{t('integrations:webhooks.secretUsage')}</p>
            </SecretOnce>
          )}
          <section aria-labelledby="webhooks-list">
            <h2 id="webhooks-list">{t('integrations:webhooks.listTitle', { name: organization.name ?? organization.slug })}</h2>
            <QueryView query={webhooks}>
              {(list) => (
                <DataTable
                  rows={list}
                  rowKey={(hook) => hook.id}
                  empty={t('integrations:webhooks.none')}
                  rowProps={(hook) => (hook.id === selectedId ? { 'aria-current': 'true' } : {})}
                  columns={[
                    { header: t('integrations:webhooks.url'), cell: (hook) => hook.url, className: 'break' },
                    { header: t('integrations:webhooks.events'), cell: (hook) => t('integrations:webhooks.eventCount', { count: hook.events.length }) },
                    { header: t('integrations:status'), cell: (hook) => <span className="badge">{hook.active ? t('integrations:active') : t('integrations:webhooks.paused')}</span> },
                    { header: t('integrations:webhooks.lastTriggered'), cell: (hook) => (hook.lastTriggeredAt ? formatDateTime(hook.lastTriggeredAt, language) : t('integrations:never')) },
                    { header: t('integrations:webhooks.failures'), cell: (hook) => hook.failureCount },
                    {
                      header: t('integrations:actions'),
                      cell: (hook) => (
                        <button type="button" className="secondary" aria-label={t('integrations:webhooks.manageNamed', { url: hook.url })} aria-pressed={hook.id === selectedId} onClick={() => select(hook.id === selectedId ? null : hook.id)}>
                          {t('integrations:webhooks.manage')}
                        </button>
                      ),
                    },
                  ]}
                />
              )}
            </QueryView>
          </section>
          {selectedId && webhooks.data && (() => {
            const hook = webhooks.data.find((w) => w.id === selectedId);
            return hook ? <WebhookDetail key={hook.id} webhook={hook} organizationId={organizationId} onDeleted={() => select(null)} /> : null;
          })()}
          <CreateWebhook organizationId={organizationId} onCreated={(hook) => { setCreated(hook); }} />
        </>
      )}
    </>
  );
}

/** The event types, grouped, as one list field of a form. */
function EventTypesField({ form }: { form: UseFormReturn<WebhookValues> }) {
  const { t } = useTranslation();
  const id = useId();
  const error = form.formState.errors.events;
  const message = error?.message ?? error?.root?.message;
  return (
    <fieldset className={message ? 'field-invalid' : undefined} aria-describedby={message ? `${id}-hint ${id}-error` : `${id}-hint`}>
      <legend>{t('integrations:webhooks.events')}</legend>
      <p id={`${id}-hint`} className="hint">{t('integrations:webhooks.eventsHint')}</p>
      <div className="check-groups">
        {(Object.keys(EVENT_GROUPS) as EventGroup[]).map((group) => (
          <CheckboxGroup
            key={group}
            legend={t(`integrations:eventGroups.${group}`)}
            options={EVENT_GROUPS[group].map((type) => ({ value: type, label: <>{t(`integrations:eventTypes.${type}`)} <code>{type}</code></> }))}
            register={form.register('events')}
          />
        ))}
      </div>
      {message && <p id={`${id}-error`} className="field-error">{t(message, { defaultValue: message })}</p>}
    </fieldset>
  );
}

function CreateWebhook({ organizationId, onCreated }: { organizationId: string; onCreated: (hook: CreatedWebhook) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const blank: WebhookValues = { url: '', events: [], active: true };
  const form = useForm<WebhookValues>({ resolver: zodResolver(webhookSchema), defaultValues: blank });
  const draft = useDraft(form, `webhook-create.${organizationId}`);
  const [general, setGeneral] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: (values: WebhookValues) => unwrap(api.POST('/api/v1/webhooks', { body: { url: values.url.trim(), events: values.events, organizationId } })),
    onMutate: () => setGeneral([]),
    onSuccess: async (body) => {
      draft.clear();
      form.reset(blank);
      onCreated({ url: body.data.url, secret: body.data.secret });
      create.reset();
      await queryClient.invalidateQueries({ queryKey: ['webhooks', organizationId] });
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="webhook-create">
      <h2 id="webhook-create">{t('integrations:webhooks.createTitle')}</h2>
      <ProblemAlert error={create.error} general={general} ns="integrations" />
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <Field label={t('integrations:webhooks.url')} error={errors.url?.message} hint={t('integrations:webhooks.urlHint')}>
          {(a) => <input {...a} type="url" autoComplete="off" spellCheck={false} {...form.register('url')} />}
        </Field>
        <EventTypesField form={form} />
        <div className="actions">
          <button type="submit" disabled={create.isPending}>{t('integrations:webhooks.create')}</button>
        </div>
      </form>
    </section>
  );
}

function WebhookDetail({ webhook, organizationId, onDeleted }: { webhook: Webhook; organizationId: string; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const path = { params: { path: { id: webhook.id } } };
  const refreshDeliveries = () => queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', webhook.id] });
  const started = (message: string) => {
    setFailure(null);
    setStatus(message);
  };
  const ping = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/webhooks/{id}/ping', path)),
    onMutate: () => started(''),
    onSuccess: async () => {
      setStatus(t('integrations:webhooks.pinged'));
      await refreshDeliveries();
    },
    onError: setFailure,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/webhooks/{id}', path)),
    onSuccess: async () => {
      setConfirmDelete(false);
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: ['webhooks', organizationId] });
    },
    onError: (error) => {
      setConfirmDelete(false);
      setFailure(error);
    },
  });
  return (
    <section aria-labelledby="webhook-detail" className="card">
      <h2 id="webhook-detail" className="break">{t('integrations:webhooks.detailTitle', { url: webhook.url })}</h2>
      <dl className="facts">
        <dt>{t('integrations:created')}</dt><dd>{formatDateTime(webhook.createdAt, i18n.language)}</dd>
        <dt>{t('integrations:webhooks.failures')}</dt><dd>{t('integrations:webhooks.failuresHint', { count: webhook.failureCount })}</dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => ping.mutate()} disabled={ping.isPending}>{t('integrations:webhooks.ping')}</button>
        <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>{t('integrations:webhooks.delete')}</button>
      </div>
      <p role="status" className={status ? 'notice' : undefined}>{status}</p>
      <ProblemAlert error={failure} ns="integrations" />
      <EditWebhook webhook={webhook} organizationId={organizationId} onSaved={() => started(t('state.saved'))} />
      <DeliveryLog webhook={webhook} onRedelivered={() => started(t('integrations:webhooks.redelivered'))} onFailure={setFailure} />
      <ConfirmDialog
        open={confirmDelete}
        title={t('integrations:webhooks.deleteTitle', { url: webhook.url })}
        confirmLabel={t('integrations:webhooks.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirmDelete(false)}
      >
        <p>{t('integrations:webhooks.deleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}

function EditWebhook({ webhook, organizationId, onSaved }: { webhook: Webhook; organizationId: string; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<WebhookValues>({ resolver: zodResolver(webhookSchema), defaultValues: { url: webhook.url, events: [...webhook.events], active: webhook.active } });
  const draft = useDraft(form, `webhook-edit.${webhook.id}`);
  const [general, setGeneral] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (values: WebhookValues) =>
      unwrap(api.PATCH('/api/v1/webhooks/{id}', { params: { path: { id: webhook.id } }, body: { url: values.url.trim(), events: values.events, active: values.active } })),
    onMutate: () => setGeneral([]),
    onSuccess: async () => {
      draft.clear();
      await queryClient.invalidateQueries({ queryKey: ['webhooks', organizationId] });
      onSaved();
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="webhook-edit">
      <h3 id="webhook-edit">{t('integrations:webhooks.editTitle')}</h3>
      <ProblemAlert error={save.error} general={general} ns="integrations" />
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <Field label={t('integrations:webhooks.url')} error={errors.url?.message}>
          {(a) => <input {...a} type="url" autoComplete="off" spellCheck={false} {...form.register('url')} />}
        </Field>
        <EventTypesField form={form} />
        <div className="check">
          <input type="checkbox" id={`active-${webhook.id}`} aria-describedby={`active-${webhook.id}-hint`} {...form.register('active')} />
          <span>
            <label htmlFor={`active-${webhook.id}`}>{t('integrations:webhooks.activeLabel')}</label>
            <span id={`active-${webhook.id}-hint`} className="hint"> {t('integrations:webhooks.activeHint')}</span>
          </span>
        </div>
        <div className="actions">
          <button type="submit" disabled={save.isPending}>{t('integrations:webhooks.save')}</button>
        </div>
      </form>
    </section>
  );
}
