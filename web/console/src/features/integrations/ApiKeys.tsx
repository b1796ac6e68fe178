/**
 * The signed-in person's API keys (/console/keys): programs (results software, a club's site
 * generator) call the API with them. A new key is shown once, right after it is made; a key is
 * revoked for good. Keys belong to the person, with the scopes chosen here.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { formatDateTime } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { DataTable } from '../../ui/DataTable';
import { ProblemAlert, QueryView } from '../../ui/states';
import { SecretOnce } from './SecretOnce';
import { CheckboxGroup } from './CheckboxGroup';
import { SCOPES, apiKeySchema, toApiKeyRequest, type ApiKeyValues } from './schemas';

type ApiKey = Schemas['ApiKeyRecord'];
type CreatedKey = Schemas['ApiKeyCreated'];

export default function ApiKeys() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: async () => (await unwrap(api.GET('/api/v1/keys'))).data });
  // The full key exists only here, in memory, until the person dismisses it or leaves the screen.
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [status, setStatus] = useState('');
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => unwrap(api.DELETE('/api/v1/keys', { params: { query: { id: key.id } } })),
    onSuccess: async (_body, key) => {
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
      setStatus(t('integrations:keys.revoked', { name: key.name }));
    },
  });
  const language = i18n.language;
  return (
    <>
      <h1>{t('integrations:keys.title')}</h1>
      <p>{t('integrations:keys.intro')}</p>
      {created && (
        <SecretOnce
          title={t('integrations:keys.createdTitle', { name: created.name })}
          secret={created.apiKey}
          copyLabel={t('integrations:keys.copy')}
          warning={t('integrations:keys.once')}
          onDone={() => setCreated(null)}
        >
          <p className="muted">{t('integrations:keys.usage')}</p>
        </SecretOnce>
      )}
      <p role="status" className={status ? 'notice' : undefined}>{status}</p>
      <ProblemAlert error={revoke.error} ns="integrations" />
      <section aria-labelledby="keys-list">
        <h2 id="keys-list">{t('integrations:keys.listTitle')}</h2>
        <QueryView query={keys}>
          {(list) => (
            <DataTable
              rows={list}
              rowKey={(key) => key.id}
              empty={t('integrations:keys.none')}
              columns={[
                { header: t('integrations:keys.name'), cell: (key) => key.name },
                { header: t('integrations:keys.prefix'), cell: (key) => <code>{key.keyPrefix}…</code> },
                { header: t('integrations:keys.scopes'), cell: (key) => key.scopes.map((scope) => t(`integrations:scopes.${scope}.label`)).join(', ') },
                { header: t('integrations:created'), cell: (key) => formatDateTime(key.createdAt, language) },
                { header: t('integrations:lastUsed'), cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : t('integrations:never')) },
                { header: t('integrations:keys.expires'), cell: (key) => (key.expiresAt ? formatDateTime(key.expiresAt, language) : t('integrations:keys.noExpiry')) },
                { header: t('integrations:keys.rateLimit'), cell: (key) => t('integrations:keys.perHour', { limit: new Intl.NumberFormat(language).format(key.rateLimit) }) },
                {
                  header: t('integrations:actions'),
                  cell: (key) => (
                    <button type="button" className="secondary" aria-label={t('integrations:keys.revokeNamed', { name: key.name })} onClick={() => setRevoking(key)}>
                      {t('integrations:keys.revoke')}
                    </button>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
      </section>
      <CreateKey onCreated={(key) => { setStatus(''); setCreated(key); }} />
      <ConfirmDialog
        open={revoking !== null}
        title={t('integrations:keys.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('integrations:keys.revoke')}
        danger
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      >
        <p>{t('integrations:keys.revokeBody')}</p>
      </ConfirmDialog>
    </>
  );
}

function CreateKey({ onCreated }: { onCreated: (key: CreatedKey) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<ApiKeyValues>({ resolver: zodResolver(apiKeySchema), defaultValues: { name: '', scopes: ['read'], expiresInDays: '' } });
  const draft = useDraft(form, 'api-key-create');
  const [general, setGeneral] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: (values: ApiKeyValues) => unwrap(api.POST('/api/v1/keys', { body: toApiKeyRequest(values) })),
    onMutate: () => setGeneral([]),
    onSuccess: async (body) => {
      draft.clear();
      form.reset({ name: '', scopes: ['read'], expiresInDays: '' });
      onCreated(body.data);
      create.reset();
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="key-create">
      <h2 id="key-create">{t('integrations:keys.createTitle')}</h2>
      <ProblemAlert error={create.error} general={general} ns="integrations" />
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <Field label={t('integrations:keys.name')} error={errors.name?.message} hint={t('integrations:keys.nameHint')}>
          {(a) => <input {...a} autoComplete="off" {...form.register('name')} />}
        </Field>
        <CheckboxGroup
          legend={t('integrations:keys.scopes')}
          error={errors.scopes?.message ?? errors.scopes?.root?.message}
          options={SCOPES.map((scope) => ({ value: scope, label: t(`integrations:scopes.${scope}.label`), hint: t(`integrations:scopes.${scope}.hint`) }))}
          register={form.register('scopes')}
        />
        <Field label={t('integrations:keys.expiresInDays')} error={errors.expiresInDays?.message} hint={t('integrations:keys.expiresHint')}>
          {(a) => <input {...a} inputMode="numeric" autoComplete="off" {...form.register('expiresInDays')} />}
        </Field>
        <div className="actions">
          <button type="submit" disabled={create.isPending}>{t('integrations:keys.create')}</button>
        </div>
      </form>
    </section>
  );
}
