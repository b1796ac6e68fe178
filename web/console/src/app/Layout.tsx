/**
 * The console's frame: a skip link, the header (who is signed in, the organization switch, the
 * language switch, sign out), the navigation of the current organization, and the screen.
 * On a phone (up to 40rem wide, styles.css) the header is one row: the name and a Menu button that
 * opens everything else below it (a disclosure: aria-expanded; Escape closes it and focus returns
 * to the button; following a link closes it). On wider screens the button is not shown and
 * everything stays in view.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import { useSession } from '../api/session';
import { LanguageSwitch } from './LanguageSwitch';
import { organizationsOf, rememberOrganization, useCurrentOrg } from './current-org';

/**
 * Signing out ends this browser's web push too, so the next person at a shared device does not see
 * the last one's notifications. Best effort, and never holding up the sign-out for more than 3 s.
 */
async function stopBrowserPush(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const stop = import('../features/account/browser-push').then((push) => push.unsubscribeThisBrowser());
  await Promise.race([stop.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3_000))]);
}

export function Layout() {
  const { t } = useTranslation();
  const session = useSession();
  const org = useCurrentOrg();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const memberships = organizationsOf(session.data);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A new screen closes the menu (a link in it was followed, or the organization switched).
  useEffect(() => setMenuOpen(false), [pathname]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    event.stopPropagation();
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  useEffect(() => {
    if (org) rememberOrganization(org);
  }, [org]);

  const signOut = useMutation({
    mutationFn: async () => {
      await stopBrowserPush();
      return unwrap(api.POST('/api/v1/auth/logout'));
    },
    onSettled: async () => {
      queryClient.clear();
      await navigate('/sign-in');
    },
  });

  return (
    <>
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <header className={menuOpen ? 'topbar menu-open' : 'topbar'} onKeyDown={closeOnEscape}>
        <div className="topbar-row">
          <NavLink to="/" className="brand">{t('app.name')}</NavLink>
          <button
            ref={menuButton}
            type="button"
            className="secondary menu-button"
            aria-expanded={menuOpen}
            aria-controls="topbar-tools topbar-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('nav.menu')}
          </button>
          <div id="topbar-tools" className="topbar-tools">
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
            {/* The signed-in person's own side (entries, results, boats), beside her name. */}
            <NavLink to="/me/regattas">{t('nav.myRegattas')}</NavLink>
            <span className="who">{t('nav.signedInAs', { name: session.data?.user.name ?? '' })}</span>
            <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              {t('nav.signOut')}
            </button>
          </div>
        </div>
        {/* Following a link closes the menu at once, even while the next screen's code still loads. */}
        <nav id="topbar-nav" aria-label={t('nav.main')} onClick={(event) => (event.target as HTMLElement).closest('a') && setMenuOpen(false)}>
          <ul className="nav-list">
            {org && (
              <>
                <li><NavLink to={`/orgs/${org}/regattas`}>{t('nav.regattas')}</NavLink></li>
                <li><NavLink to={`/orgs/${org}/members`}>{t('nav.members')}</NavLink></li>
                <li><NavLink to={`/orgs/${org}`} end>{t('nav.profile')}</NavLink></li>
                <li><NavLink to={`/orgs/${org}/embed-tokens`}>{t('nav.embedTokens')}</NavLink></li>
                <li><NavLink to={`/orgs/${org}/rankings`}>{t('nav.rankings')}</NavLink></li>
                <li><NavLink to={`/orgs/${org}/series`}>{t('nav.series')}</NavLink></li>
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
