/** Loading, empty and error states, the same on every screen. An error always shows its requestId. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/problem';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return <p role="status" className="loading">{label ?? t('state.loading')}</p>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/**
 * What went wrong, in the person's language where the code is known, with the request id to quote.
 * `ns` names a screen's namespace whose `problem.<code>` keys explain that screen's own refusals.
 */
export function ProblemAlert({ error, general, ns }: { error: unknown; general?: string[]; ns?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const api = error instanceof ApiError ? error : undefined;
  const own = api && ns ? t(`${ns}:problem.${api.code}`, { defaultValue: '' }) : '';
  const known = own || (api ? t(`problem.${api.code}`, { defaultValue: '' }) : '');
  const message = api?.status === 0 ? t('problem.network_error') : known || (error instanceof Error ? error.message : String(error));
  return (
    <div role="alert" className="alert">
      <p>{message}</p>
      {general && general.length > 0 && (
        <ul>{general.map((line) => <li key={line}>{line}</li>)}</ul>
      )}
      {api?.requestId && <p className="muted">{t('state.requestId', { id: api.requestId })}</p>}
    </div>
  );
}

/** Renders a query's pending and error states, or its data. */
export function QueryView<T>({ query, children, label }: { query: UseQueryResult<T>; children: (data: T) => ReactNode; label?: string }) {
  if (query.isPending) return <Loading {...(label ? { label } : {})} />;
  if (query.isError) return <ProblemAlert error={query.error} />;
  return <>{children(query.data)}</>;
}
