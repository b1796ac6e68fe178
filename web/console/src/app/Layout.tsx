/**
 * The console's frame: a skip link, the header (who is signed in, the organization switch, the
 * language switch, sign out), the navigation of the current organization, and the screen.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { useSession } from '../api/session';
import { LanguageSwitch } from './LanguageSwitch';
import { organizationsOf, rememberOrganization, useCurrentOrg } from './current-org';

export function Layout() {
  const { t } = useTranslation();
  const session = useSession();
  const org = useCurrentOrg();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const memberships = organizationsOf(session.data);

  useEffect(() => {
    if (org) rememberOrganization(org);
  }, [org]);

  const signOut = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/auth/logout')),
    onSettled: async () => {
      queryClient.clear();
      await navigate('/sign-in');
    },
  });

  return (
    <>
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <header className="topbar">
        <div className="topbar-row">
          <NavLink to="/" className="brand">{t('app.name')}</NavLink>
          {memberships.length > 0 && (
            <label className="inline-field">
              <span>{t('nav.organization')}</span>
              <select
                value={org ?? ''}
                onChange={(event) => {
                  rememberOrganization(event.target.value);
                  void navigate(`/orgs/${event.target.value}/regattas`);
                }}
              >
                {memberships.map((m) => (
                  <option key={m.organizationId} value={m.slug!}>{m.name ?? m.slug}</option>
                ))}
              </select>
            </label>
          )}
          <LanguageSwitch />
          <span className="who">{t('nav.signedInAs', { name: session.data?.user.name ?? '' })}</span>
          <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('nav.signOut')}
          </button>
        </div>
        <nav aria-label={t('nav.main')}>
          <ul className="nav-list">
            {org && (
              <>
                <li><NavLink to={`/orgs/${org}/regattas`}>{t('nav.regattas')}</NavLink></li>
                <li><NavLink to={`/orgs/${org}/members`}>{t('nav.members')}</NavLink></li>
                <li><NavLink to={`/orgs/${org}`} end>{t('nav.profile')}</NavLink></li>
                <li><NavLink to={`/orgs/${org}/embed-tokens`}>{t('nav.embedTokens')}</NavLink></li>
              </>
            )}
            <li><NavLink to="/orgs" end>{t('nav.organizations')}</NavLink></li>
            <li><NavLink to="/keys">{t('nav.keys')}</NavLink></li>
            <li><NavLink to="/webhooks">{t('nav.webhooks')}</NavLink></li>
            <li><NavLink to="/account">{t('nav.account')}</NavLink></li>
          </ul>
        </nav>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
