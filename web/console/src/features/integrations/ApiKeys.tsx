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
import { Empty, ProblemAlert, QueryView } from '../../ui/states';
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
      setStatus(t('integrations:keys.revoked', { name: key.name }));
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
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
          {(list) =>
            list.length === 0 ? (
              <Empty>{t('integrations:keys.none')}</Empty>
            ) : (
              <div className="table-wrap">
                <table className="responsive">
                  <thead>
                    <tr>
                      <th scope="col">{t('integrations:keys.name')}</th>
                      <th scope="col">{t('integrations:keys.prefix')}</th>
                      <th scope="col">{t('integrations:keys.scopes')}</th>
                      <th scope="col">{t('integrations:created')}</th>
                      <th scope="col">{t('integrations:lastUsed')}</th>
                      <th scope="col">{t('integrations:keys.expires')}</th>
                      <th scope="col">{t('integrations:keys.rateLimit')}</th>
                      <th scope="col">{t('integrations:actions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((key) => (
                      <tr key={key.id}>
                        <td data-label={t('integrations:keys.name')}>{key.name}</td>
                        <td data-label={t('integrations:keys.prefix')}><code>{key.keyPrefix}…</code></td>
                        <td data-label={t('integrations:keys.scopes')}>{key.scopes.map((scope) => t(`integrations:scopes.${scope}.label`)).join(', ')}</td>
                        <td data-label={t('integrations:created')}>{formatDateTime(key.createdAt, language)}</td>
                        <td data-label={t('integrations:lastUsed')}>{key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : t('integrations:never')}</td>
                        <td data-label={t('integrations:keys.expires')}>{key.expiresAt ? formatDateTime(key.expiresAt, language) : t('integrations:keys.noExpiry')}</td>
                        <td data-label={t('integrations:keys.rateLimit')}>{t('integrations:keys.perHour', { limit: new Intl.NumberFormat(language).format(key.rateLimit) })}</td>
                        <td data-label={t('integrations:actions')}>
                          <button type="button" className="secondary" aria-label={t('integrations:keys.revokeNamed', { name: key.name })} onClick={() => setRevoking(key)}>
                            {t('integrations:keys.revoke')}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
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
