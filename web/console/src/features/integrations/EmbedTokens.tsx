/**
 * An organization's embed tokens (/console/orgs/:org/embed-tokens): read-only tokens that let the
 * results widget show the organization's public regattas on the club's own site, only from the
 * origins listed. A new token is shown once, with the snippet to paste (for a regatta and view
 * picked here) and a live preview: the gateway's own widget demo page in a frame. That page is on
 * the console's origin, so its requests carry no Origin header and work whatever origins the token
 * allows (the gateway checks allowed origins only for browser requests from another site).
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { formatDate, formatDateTime } from '../../i18n/format';
import { currentLanguage } from '../../i18n';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CopyButton } from '../../ui/CopyButton';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { DataTable } from '../../ui/DataTable';
import { Empty, Loading, ProblemAlert, QueryView } from '../../ui/states';
import { useMembership } from '../orgs/membership';
import { SecretOnce } from './SecretOnce';
import { WIDGET_VIEWS, previewPath, widgetSnippet, type WidgetView } from './embed';
import { embedTokenSchema, isWebOrigin, originLines, suggestedOrigin, type EmbedTokenValues } from './schemas';

type EmbedToken = Schemas['EmbedToken'];
type CreatedToken = EmbedToken & { token: string };

export default function EmbedTokens() {
  const { t, i18n } = useTranslation();
  const { org: slug = '' } = useParams();
  const { session, membership } = useMembership(slug);
  const organizationId = membership?.organizationId ?? '';
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: ['embed-tokens', organizationId],
    queryFn: async () => (await unwrap(api.GET('/api/v1/embed-tokens', { params: { query: { organizationId } } }))).data,
    enabled: organizationId !== '',
  });
  // The full token exists only here, in memory, until the person dismisses it or leaves the screen.
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [deactivating, setDeactivating] = useState<EmbedToken | null>(null);
  const [status, setStatus] = useState('');
  const deactivate = useMutation({
    mutationFn: (token: EmbedToken) => unwrap(api.DELETE('/api/v1/embed-tokens', { params: { query: { id: token.id } } })),
    onSuccess: async (_body, token) => {
      setDeactivating(null);
      await queryClient.invalidateQueries({ queryKey: ['embed-tokens', organizationId] });
      setStatus(t('integrations:embed.deactivated', { name: token.name }));
    },
  });
  const language = i18n.language;

  if (session.isPending) return <Loading />;
  return (
    <>
      <h1>{t('integrations:embed.title', { name: membership?.name ?? slug })}</h1>
      <p>{t('integrations:embed.intro')}</p>
      {!membership ? (
        <p role="alert" className="alert">{t('integrations:embed.notMember')}</p>
      ) : (
        <>
          {created && (
            <>
              <SecretOnce
                title={t('integrations:embed.createdTitle', { name: created.name })}
                secret={created.token}
                copyLabel={t('integrations:embed.copy')}
                warning={t('integrations:embed.once')}
                onDone={() => setCreated(null)}
              />
              <UseOnSite slug={slug} token={created.token} />
            </>
          )}
          <p role="status" className={status ? 'notice' : undefined}>{status}</p>
          <ProblemAlert error={deactivate.error} ns="integrations" />
          <section aria-labelledby="embed-list">
            <h2 id="embed-list">{t('integrations:embed.listTitle')}</h2>
            <QueryView query={tokens}>
              {(list) => (
                <DataTable
                  rows={list}
                  rowKey={(token) => token.id}
                  empty={t('integrations:embed.none')}
                  columns={[
                    { header: t('integrations:embed.name'), cell: (token) => token.name },
                    { header: t('integrations:embed.prefix'), cell: (token) => <code>{token.tokenPrefix}…</code> },
                    { header: t('integrations:embed.origins'), cell: (token) => <ul className="plain">{token.allowedOrigins.map((origin) => <li key={origin}>{origin}</li>)}</ul>, className: 'break' },
                    { header: t('integrations:status'), cell: (token) => <span className="badge">{token.active ? t('integrations:active') : t('integrations:embed.inactive')}</span> },
                    { header: t('integrations:created'), cell: (token) => formatDateTime(token.createdAt, language) },
                    { header: t('integrations:lastUsed'), cell: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt, language) : t('integrations:never')) },
                    {
                      header: t('integrations:actions'),
                      cell: (token) =>
                        token.active && (
                          <button type="button" className="secondary" aria-label={t('integrations:embed.deactivateNamed', { name: token.name })} onClick={() => setDeactivating(token)}>
                            {t('integrations:embed.deactivate')}
                          </button>
                        ),
                    },
                  ]}
                />
              )}
            </QueryView>
          </section>
          <CreateToken organizationId={organizationId} slug={slug} onCreated={(token) => { setStatus(''); setCreated(token); }} />
          <ConfirmDialog
            open={deactivating !== null}
            title={t('integrations:embed.deactivateTitle', { name: deactivating?.name ?? '' })}
            confirmLabel={t('integrations:embed.deactivate')}
            danger
            busy={deactivate.isPending}
            onConfirm={() => deactivating && deactivate.mutate(deactivating)}
            onClose={() => setDeactivating(null)}
          >
            <p>{t('integrations:embed.deactivateBody')}</p>
          </ConfirmDialog>
        </>
      )}
    </>
  );
}

/** The snippet for a regatta and view, ready to paste, and the widget's live preview. */
function UseOnSite({ slug, token }: { slug: string; token: string }) {
  const { t, i18n } = useTranslation();
  const regattas = useQuery({
    queryKey: ['events', { org: slug, public: true }],
    queryFn: async () => (await unwrap(api.GET('/api/v1/events', { params: { query: { org: slug, limit: 100 } } }))).data,
  });
  const [picked, setPicked] = useState('');
  const [view, setView] = useState<WidgetView>('standings');
  const origin = globalThis.location?.origin ?? '';
  return (
    <section aria-labelledby="embed-use">
      <h2 id="embed-use">{t('integrations:embed.useTitle')}</h2>
      <QueryView query={regattas}>
        {(list) => {
          const event = picked || list[0]?.slug || '';
          const snippet = widgetSnippet(origin, event || t('integrations:embed.placeholderEvent'), token, view);
          return (
            <>
              {list.length === 0 ? (
                <Empty>{t('integrations:embed.noRegattas')}</Empty>
              ) : (
                <div className="form-row">
                  <Field label={t('integrations:embed.regatta')}>
                    {(a) => (
                      <select {...a} value={event} onChange={(e) => setPicked(e.target.value)}>
                        {list.map((regatta) => (
                          <option key={regatta.slug} value={regatta.slug}>{`${regatta.name} (${formatDate(regatta.startDate.slice(0, 10), i18n.language)})`}</option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label={t('integrations:embed.view')}>
                    {(a) => (
                      <select {...a} value={view} onChange={(e) => setView(e.target.value as WidgetView)}>
                        {WIDGET_VIEWS.map((option) => <option key={option} value={option}>{t(`integrations:embed.views.${option}`)}</option>)}
                      </select>
                    )}
                  </Field>
                </div>
              )}
              <h3 id="embed-snippet">{t('integrations:embed.snippet')}</h3>
              <p className="muted">{t('integrations:embed.snippetHint')}</p>
              <figure className="flush" aria-labelledby="embed-snippet"><pre><code>{snippet}</code></pre></figure>
              <div className="actions"><CopyButton text={snippet} label={t('integrations:embed.copySnippet')} /></div>
              {event && (
                <>
                  <h3>{t('integrations:embed.previewHeading')}</h3>
                  <p className="muted">{t('integrations:embed.previewHint')}</p>
                  <iframe className="preview-frame" title={t('integrations:embed.previewTitle')} src={previewPath(event, token, view, currentLanguage())} />
                </>
              )}
            </>
          );
        }}
      </QueryView>
    </section>
  );
}

function CreateToken({ organizationId, slug, onCreated }: { organizationId: string; slug: string; onCreated: (token: CreatedToken) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<EmbedTokenValues>({ resolver: zodResolver(embedTokenSchema), defaultValues: { name: '', allowedOrigins: '' } });
  const draft = useDraft(form, `embed-token-create.${slug}`);
  const [general, setGeneral] = useState<string[]>([]);
  const typed = useWatch({ control: form.control, name: 'allowedOrigins' });
  const suggestions = originLines(typed ?? '')
    .filter((line) => !isWebOrigin(line))
    .map((line) => ({ line, origin: suggestedOrigin(line) }))
    .filter((s): s is { line: string; origin: string } => s.origin !== undefined);
  const create = useMutation({
    mutationFn: (values: EmbedTokenValues) =>
      unwrap(api.POST('/api/v1/embed-tokens', { body: { organizationId, name: values.name.trim(), allowedOrigins: originLines(values.allowedOrigins) } })),
    onMutate: () => setGeneral([]),
    onSuccess: async (body) => {
      draft.clear();
      form.reset({ name: '', allowedOrigins: '' });
      onCreated(body.data);
      create.reset();
      await queryClient.invalidateQueries({ queryKey: ['embed-tokens', organizationId] });
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="embed-create">
      <h2 id="embed-create">{t('integrations:embed.createTitle')}</h2>
      <ProblemAlert error={create.error} general={general} ns="integrations" />
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <Field label={t('integrations:embed.name')} error={errors.name?.message} hint={t('integrations:embed.nameHint')}>
          {(a) => <input {...a} autoComplete="off" {...form.register('name')} />}
        </Field>
        <Field label={t('integrations:embed.origins')} error={errors.allowedOrigins?.message} hint={t('integrations:embed.originsHint')}>
          {(a) => <textarea {...a} rows={3} spellCheck={false} autoCapitalize="off" {...form.register('allowedOrigins')} />}
        </Field>
        {suggestions.length > 0 && (
          <ul className="hint">
            {suggestions.map(({ line, origin }) => <li key={line}>{t('integrations:embed.didYouMean', { line, origin })}</li>)}
          </ul>
        )}
        <div className="actions">
          <button type="submit" disabled={create.isPending}>{t('integrations:embed.create')}</button>
        </div>
      </form>
    </section>
  );
}
