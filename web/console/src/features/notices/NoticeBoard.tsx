/**
 * The regatta's official notice board: notices, the notice of race, sailing instructions and their
 * amendments. The committee posts a document, amends it (a new version; earlier ones stay readable
 * with the time each was posted, as RRS 90.2(c) expects of changes to the sailing instructions) and
 * withdraws it. The list shows each document's version in force and when it was posted, as the
 * regatta's detail lists them (one request for the whole board). Times are on the regatta's clock
 * (its time zone), formatted for the reader's language.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { formatDateTime } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field, applyApiError, useDraft } from '../../ui/form';
import { inOwnWords } from '../../ui/problem-text';
import { Empty, Loading, ProblemAlert, QueryView } from '../../ui/states';
import { useRegatta } from '../regattas/useRegatta';
import {
  DOCUMENT_KINDS,
  amendSchema,
  documentToAmend,
  emptyPost,
  postSchema,
  toAmendRequest,
  toPostRequest,
  type AmendValues,
  type DocumentVersions,
  type EventDocument,
  type PostValues,
} from './schemas';

const documentsKey = (slug: string) => ['event', slug, 'documents'] as const;
const versionsKey = (slug: string, documentId: string) => ['event', slug, 'documents', documentId, 'versions'] as const;

async function fetchDocuments(slug: string): Promise<EventDocument[]> {
  const body = await unwrap(api.GET('/api/v1/events/{slug}', { params: { path: { slug }, query: { include: 'documents' } } }));
  return body.data.documents ?? [];
}

async function fetchVersions(slug: string, documentId: string): Promise<DocumentVersions> {
  const body = await unwrap(api.GET('/api/v1/events/{slug}/documents/{documentId}/versions', { params: { path: { slug, documentId } } }));
  return body.data;
}

type Panel = { mode: 'amend' | 'versions'; document: EventDocument } | null;

export default function NoticeBoard() {
  const { t, i18n } = useTranslation('notices');
  const { slug = '' } = useParams();
  const regatta = useRegatta();
  const timeZone = regatta.data?.timeZone ?? null;
  const queryClient = useQueryClient();
  const documents = useQuery({ queryKey: documentsKey(slug), queryFn: () => fetchDocuments(slug), enabled: slug !== '' });
  const [status, setStatus] = useState('');
  const [panel, setPanel] = useState<Panel>(null);
  const [withdrawing, setWithdrawing] = useState<EventDocument | null>(null);
  const [reason, setReason] = useState('');
  const when = (iso: string | null | undefined) => formatDateTime(iso, i18n.language, timeZone);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['event', slug] });
  const withdraw = useMutation({
    mutationFn: (document: EventDocument) =>
      unwrap(api.DELETE('/api/v1/events/{slug}/documents/{documentId}', { params: { path: { slug, documentId: document.id }, query: reason.trim() ? { reason: reason.trim() } : {} } })),
    onSuccess: async (_body, document) => {
      setWithdrawing(null);
      setReason('');
      if (panel?.document.id === document.id) setPanel(null);
      await refresh();
      setStatus(t('withdrawn', { title: document.title }));
    },
  });

  return (
    <>
      <h2>{t('title')}</h2>
      <p className="muted">{timeZone ? t('clock', { timeZone }) : t('clockBrowser')}</p>
      <div role="status">{status && <p className="notice">{status}</p>}</div>
      <QueryView query={documents} label={t('loading')}>
        {(list) =>
          list.length === 0 ? (
            <Empty>{t('empty')}</Empty>
          ) : (
            <table className="responsive">
              <caption className="muted">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.title')}</th>
                  <th scope="col">{t('columns.kind')}</th>
                  <th scope="col">{t('columns.version')}</th>
                  <th scope="col">{t('columns.posted')}</th>
                  <th scope="col">{t('columns.latest')}</th>
                  <th scope="col">{t('columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((document) => {
                  return (
                    <tr key={document.id}>
                      <td data-label={t('columns.title')}>
                        <div>
                          {document.title}
                          {document.url && (
                            <>
                              {' '}
                              <a href={document.url} aria-label={t('openNamed', { title: document.title })}>{t('open')}</a>
                            </>
                          )}
                        </div>
                      </td>
                      <td data-label={t('columns.kind')}>{t(`kinds.${document.kind}`)}</td>
                      <td data-label={t('columns.version')}>{document.currentVersion}</td>
                      <td data-label={t('columns.posted')}>{when(document.publishedAt)}</td>
                      <td data-label={t('columns.latest')}>{document.currentVersion > 1 ? when(document.currentVersionAt) : t('notAmended')}</td>
                      <td data-label={t('columns.actions')}>
                        <div className="actions">
                          <button type="button" className="secondary" aria-label={t('amendNamed', { title: document.title })} onClick={() => setPanel({ mode: 'amend', document })}>
                            {t('amend')}
                          </button>
                          <button type="button" className="secondary" aria-label={t('versionsNamed', { title: document.title })} onClick={() => setPanel({ mode: 'versions', document })}>
                            {t('versions')}
                          </button>
                          <button type="button" className="danger" aria-label={t('withdrawNamed', { title: document.title })} onClick={() => { withdraw.reset(); setWithdrawing(document); }}>
                            {t('withdraw')}
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )
        }
      </QueryView>

      {panel?.mode === 'amend' && (
        <AmendForm
          key={panel.document.id}
          slug={slug}
          document={panel.document}
          onClose={() => setPanel(null)}
          onAmended={async (message) => {
            setPanel(null);
            await refresh();
            setStatus(message);
          }}
        />
      )}
      {panel?.mode === 'versions' && <VersionList key={panel.document.id} slug={slug} document={panel.document} when={when} onClose={() => setPanel(null)} />}

      <PostForm
        slug={slug}
        onPosted={async (message) => {
          await refresh();
          setStatus(message);
        }}
      />

      <ConfirmDialog
        open={withdrawing !== null}
        title={t('withdrawTitle', { title: withdrawing?.title ?? '' })}
        confirmLabel={t('withdraw')}
        danger
        busy={withdraw.isPending}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing)}
        onClose={() => setWithdrawing(null)}
      >
        <p>{t('withdrawBody')}</p>
        <ProblemAlert error={inOwnWords(withdraw.error, t, 'notices')} />
        <Field label={t('fields.reason')} hint={t('hints.reason')}>
          {(a) => <textarea {...a} rows={2} maxLength={2000} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </Field>
      </ConfirmDialog>
    </>
  );
}

/** Kind, title, text and web address: the fields a posted or amended document has. */
function DocumentFields({ form }: { form: ReturnType<typeof useForm<PostValues>> | ReturnType<typeof useForm<AmendValues>> }) {
  const { t } = useTranslation('notices');
  const f = form as unknown as ReturnType<typeof useForm<PostValues>>;
  const { errors } = f.formState;
  return (
    <>
      <div className="form-row">
        <Field label={t('fields.kind')} error={errors.kind?.message}>
          {(a) => (
            <select {...a} {...f.register('kind')}>
              {DOCUMENT_KINDS.map((kind) => <option key={kind} value={kind}>{t(`kinds.${kind}`)}</option>)}
            </select>
          )}
        </Field>
        <Field label={t('fields.title')} error={errors.title?.message}>
          {(a) => <input {...a} {...f.register('title')} />}
        </Field>
      </div>
      <Field label={t('fields.body')} error={errors.body?.message} hint={t('hints.body')}>
        {(a) => <textarea {...a} rows={6} {...f.register('body')} />}
      </Field>
      <Field label={t('fields.url')} error={errors.url?.message} hint={t('hints.url')}>
        {(a) => <input {...a} type="url" inputMode="url" {...f.register('url')} />}
      </Field>
    </>
  );
}

function PostForm({ slug, onPosted }: { slug: string; onPosted: (message: string) => Promise<void> }) {
  const { t } = useTranslation('notices');
  const form = useForm<PostValues>({ resolver: zodResolver(postSchema), defaultValues: emptyPost });
  const draft = useDraft(form, `notice-post.${slug}`);
  const [general, setGeneral] = useState<string[]>([]);
  const post = useMutation({
    mutationFn: (values: PostValues) => unwrap(api.POST('/api/v1/events/{slug}/documents', { params: { path: { slug } }, body: toPostRequest(values) })),
    onSuccess: async (body) => {
      draft.clear();
      form.reset(emptyPost);
      setGeneral([]);
      await onPosted(t('posted', { title: body.data.title }));
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  return (
    <section aria-labelledby="post-document">
      <h3 id="post-document">{t('postTitle')}</h3>
      <ProblemAlert error={inOwnWords(post.error, t, 'notices')} general={general} />
      <form noValidate onSubmit={form.handleSubmit((values) => post.mutate(values))}>
        <DocumentFields form={form} />
        <div className="actions">
          <button type="submit" disabled={post.isPending}>{t('post')}</button>
        </div>
      </form>
    </section>
  );
}

function AmendForm({ slug, document, onClose, onAmended }: { slug: string; document: EventDocument; onClose: () => void; onAmended: (message: string) => Promise<void> }) {
  const { t } = useTranslation('notices');
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<AmendValues>({ resolver: zodResolver(amendSchema), defaultValues: documentToAmend(document) });
  const draft = useDraft(form, `notice-amend.${slug}.${document.id}`);
  const [general, setGeneral] = useState<string[]>([]);
  useEffect(() => heading.current?.focus(), []);
  const amend = useMutation({
    mutationFn: (values: AmendValues) =>
      unwrap(api.PATCH('/api/v1/events/{slug}/documents/{documentId}', { params: { path: { slug, documentId: document.id } }, body: toAmendRequest(values) })),
    onSuccess: async (body) => {
      draft.clear();
      await onAmended(t('amended', { title: body.data.title }));
    },
    onError: (error) => setGeneral(applyApiError(form, error)),
  });
  const { errors } = form.formState;
  return (
    <section aria-labelledby="amend-document">
      <h3 id="amend-document" ref={heading} tabIndex={-1}>{t('amendTitle', { title: document.title })}</h3>
      <p className="muted">{t('amendIntro')}</p>
      <ProblemAlert error={inOwnWords(amend.error, t, 'notices')} general={general} />
      <form noValidate onSubmit={form.handleSubmit((values) => amend.mutate(values))}>
        <DocumentFields form={form} />
        <Field label={t('fields.note')} error={errors.note?.message} hint={t('hints.note')}>
          {(a) => <input {...a} {...form.register('note')} />}
        </Field>
        <div className="actions">
          <button type="submit" disabled={amend.isPending}>{t('saveAmendment')}</button>
          <button type="button" className="secondary" onClick={() => { draft.clear(); onClose(); }}>{t('common:actions.cancel')}</button>
        </div>
      </form>
    </section>
  );
}

function VersionList({ slug, document, when, onClose }: { slug: string; document: EventDocument; when: (iso: string | null | undefined) => string; onClose: () => void }) {
  const { t } = useTranslation('notices');
  const heading = useRef<HTMLHeadingElement>(null);
  const history = useQuery({ queryKey: versionsKey(slug, document.id), queryFn: () => fetchVersions(slug, document.id) });
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="document-versions">
      <h3 id="document-versions" ref={heading} tabIndex={-1}>{t('versionsTitle', { title: document.title })}</h3>
      {history.isPending ? (
        <Loading label={t('loadingVersions')} />
      ) : history.isError ? (
        <ProblemAlert error={history.error} />
      ) : (
        <>
          {history.data.withdrawnAt && <p>{t('withdrawnAt', { when: when(history.data.withdrawnAt), reason: history.data.withdrawnReason ?? '' })}</p>}
          <table className="responsive">
            <caption className="muted">{t('versionsCaption', { count: history.data.versions.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.version')}</th>
                <th scope="col">{t('columns.posted')}</th>
                <th scope="col">{t('columns.title')}</th>
                <th scope="col">{t('columns.kind')}</th>
                <th scope="col">{t('columns.note')}</th>
                <th scope="col">{t('columns.text')}</th>
              </tr>
            </thead>
            <tbody>
              {[...history.data.versions].reverse().map((version) => (
                <tr key={version.version}>
                  <td data-label={t('columns.version')}>{version.version}</td>
                  <td data-label={t('columns.posted')}>{when(version.publishedAt)}</td>
                  <td data-label={t('columns.title')}>{version.title}</td>
                  <td data-label={t('columns.kind')}>{t(`kinds.${version.kind}`)}</td>
                  <td data-label={t('columns.note')}>{version.note ?? ''}</td>
                  <td data-label={t('columns.text')}>
                    <div>
                      {version.body && (
                        <details>
                          <summary>{t('showText', { version: version.version })}</summary>
                          <pre>{version.body}</pre>
                        </details>
                      )}
                      {version.url && <a href={version.url}>{t('openVersion', { version: version.version })}</a>}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className="actions">
        <button type="button" className="secondary" onClick={onClose}>{t('closeVersions')}</button>
      </div>
    </section>
  );
}
