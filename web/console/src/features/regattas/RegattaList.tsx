/**
 * An organization's regattas: drafts, upcoming and past ones (a tab each, kept in the address as
 * ?show=), searched by name, venue or description (?q=). Each row links to the regatta's console.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCurrentOrg } from '../../app/current-org';
import { Empty, Loading, ProblemAlert } from '../../ui/states';
import { REGATTA_TABS, regattaListOptions, tabOf, type RegattaTab } from './list';
import { formatDays } from './dates';
import { StatusBadge } from './StatusBadge';

export default function RegattaList() {
  const { t, i18n } = useTranslation('regattas');
  const org = useCurrentOrg();
  const [params, setParams] = useSearchParams();
  const show: RegattaTab = tabOf(params.get('show'));
  const q = params.get('q')?.trim() ?? '';
  const [typed, setTyped] = useState(q);
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? '';

  const regattas = useInfiniteQuery({ ...regattaListOptions(org ?? '', show, q), enabled: !!org });

  // A page can hold only regattas another tab shows (drafts, on upcoming and past): read on.
  const shown = regattas.data?.pages.reduce((sum, page) => sum + page.data.length, 0) ?? 0;
  const { hasNextPage, isFetching, fetchNextPage } = regattas;
  useEffect(() => {
    if (shown === 0 && hasNextPage && !isFetching) void fetchNextPage();
  }, [shown, hasNextPage, isFetching, fetchNextPage]);

  const tabLink = (tab: RegattaTab) => {
    const next = new URLSearchParams(params);
    next.set('show', tab);
    return `?${next.toString()}`;
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (typed.trim()) next.set('q', typed.trim());
    else next.delete('q');
    setParams(next);
  };

  if (!org) {
    return (
      <>
        <h1>{t('list.title')}</h1>
        <Empty>{t('list.noOrganization')} <Link to="/orgs">{t('list.organizations')}</Link></Empty>
      </>
    );
  }

  const rows = regattas.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <h1>{t('list.title')}</h1>
      <p role="status" className={notice ? 'notice' : undefined}>{notice}</p>
      <p className="actions">
        <Link className="button" to={`/orgs/${org}/regattas/new`}>{t('list.new')}</Link>
      </p>
      <nav aria-label={t('list.which')}>
        <ul className="tabs">
          {REGATTA_TABS.map((tab) => (
            <li key={tab}>
              <Link to={tabLink(tab)} className={tab === show ? 'active' : undefined} aria-current={tab === show ? 'page' : undefined}>
                {t(`list.tabs.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form role="search" onSubmit={search}>
        <div className="field">
          <label htmlFor="regatta-search">{t('list.search')}</label>
          <input id="regatta-search" type="search" value={typed} maxLength={200} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <div className="actions">
          <button type="submit">{t('list.searchButton')}</button>
          {q && (
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setTyped('');
                const next = new URLSearchParams(params);
                next.delete('q');
                setParams(next);
              }}
            >
              {t('list.clear')}
            </button>
          )}
        </div>
      </form>
      {regattas.isPending || (rows.length === 0 && regattas.hasNextPage) ? (
        <Loading />
      ) : regattas.isError ? (
        <ProblemAlert error={regattas.error} />
      ) : rows.length === 0 ? (
        <Empty>
          {q ? t('list.emptySearch', { q }) : t('list.empty')} <Link to={`/orgs/${org}/regattas/new`}>{t('list.createFirst')}</Link>
        </Empty>
      ) : (
        <>
          <table className="responsive" aria-label={t('list.caption', { tab: t(`list.tabs.${show}`) })}>
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.dates')}</th>
                <th scope="col">{t('list.venue')}</th>
                <th scope="col">{t('list.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <tr key={event.id}>
                  <td data-label={t('list.name')}><Link to={`/regattas/${event.slug}`}>{event.name}</Link></td>
                  <td data-label={t('list.dates')}>{formatDays(event, i18n.language)}</td>
                  <td data-label={t('list.venue')}>{event.venue ?? ''}</td>
                  <td data-label={t('list.status')}><StatusBadge status={event.status} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          {regattas.hasNextPage && (
            <p className="actions">
              <button type="button" className="secondary" disabled={regattas.isFetchingNextPage} onClick={() => void regattas.fetchNextPage()}>
                {t('list.more')}
              </button>
            </p>
          )}
        </>
      )}
    </>
  );
}
