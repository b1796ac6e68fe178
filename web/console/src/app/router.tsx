/**
 * Every screen has a URL under /console/ that opens it after sign-in (deep links): guarded screens
 * send a person who is not signed in to /console/sign-in?next=<the screen>. Each area is a lazy
 * chunk, so the first load carries only the shell and the screen asked for. A lazy screen names the
 * text namespaces it uses beyond the first load's (i18n FIRST_LOAD): they load with its chunk,
 * before it renders, so it never shows a raw key.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { RequireSession } from './RequireSession';
import { RouteError } from './RouteError';
import { prefetchRegattaList, prefetchSession } from './prefetch';
import { discardEarly } from './early';
import { Loading } from '../ui/states';
import RegattaList from '../features/regattas/RegattaList';
import { loadScreenTexts } from '../i18n';

type Loader = () => Promise<{ default: React.ComponentType }>;
const screen = (load: Loader, namespaces: readonly string[] = []): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), loadScreenTexts(namespaces)]);
    return { Component: module.default };
  },
});

export const routes: RouteObject[] = [
  { path: 'sign-in', ...screen(() => import('../features/account/SignIn')), errorElement: <RouteError /> },
  { path: 'sign-up', ...screen(() => import('../features/account/SignUp')), errorElement: <RouteError /> },
  // The links of account e-mails open without a session.
  { path: 'forgot-password', ...screen(() => import('../features/account/ForgotPassword')), errorElement: <RouteError /> },
  { path: 'reset-password', ...screen(() => import('../features/account/ResetPassword')), errorElement: <RouteError /> },
  { path: 'confirm-email', ...screen(() => import('../features/account/ConfirmEmail')), errorElement: <RouteError /> },
  // The committee app works for an enrolled device without a session, and offline: outside the guard.
  { path: 'committee/enrol', ...screen(() => import('../features/committee/Enrol'), ['committee']), errorElement: <RouteError /> },
  { path: 'committee/:slug', ...screen(() => import('../features/committee/Committee'), ['committee', 'tally']), errorElement: <RouteError /> },
  {
    element: <RequireSession />,
    errorElement: <RouteError />,
    // Asked while the screen's chunk loads, not after it rendered: one round trip less on a slow link.
    loader: prefetchSession,
    hydrateFallbackElement: <Loading />,
    children: [
      // The hearing board for a clubhouse screen: signed in, without the console's frame around it.
      { path: 'regattas/:slug/jury/display', ...screen(() => import('../features/jury/HearingDisplay'), ['jury']) },
      {
        element: <Layout />,
        children: [
          { index: true, ...screen(() => import('../features/orgs/Home')) },
          { path: 'account', ...screen(() => import('../features/account/Account')) },
          { path: 'account/notifications', ...screen(() => import('../features/account/Notifications'), ['notifications']) },
          // A sailor's side: enter a regatta (from its public page), the entry's confirmation, her regattas.
          { path: 'enter/:slug', ...screen(() => import('../features/enter/EnterRegatta'), ['enter']) },
          { path: 'enter/:slug/entries/:registrationId', ...screen(() => import('../features/enter/EntryConfirmation'), ['enter']) },
          { path: 'enter/:slug/entries/:registrationId/edit', ...screen(() => import('../features/enter/EditEntry'), ['enter']) },
          { path: 'me/regattas', ...screen(() => import('../features/my-regattas/MyRegattas'), ['myRegattas', 'enter']) },
          // The safety tally's page of an entrant (the boat park's QR code opens it).
          { path: 'tally/:slug', ...screen(() => import('../features/tally/MyTally'), ['tally']) },
          { path: 'orgs', ...screen(() => import('../features/orgs/OrgList')) },
          { path: 'orgs/:org', ...screen(() => import('../features/orgs/OrgProfile')) },
          { path: 'orgs/:org/members', ...screen(() => import('../features/orgs/Members'), ['members']) },
          // The landing screen is in the first load (no chunk to wait for after the code ran).
          { path: 'orgs/:org/regattas', loader: prefetchRegattaList, Component: RegattaList, hydrateFallbackElement: <Loading /> },
          { path: 'orgs/:org/regattas/new', ...screen(() => import('../features/regattas/RegattaCreate')) },
          { path: 'orgs/:org/rankings', ...screen(() => import('../features/rankings/Rankings'), ['rankings']) },
          { path: 'orgs/:org/series', ...screen(() => import('../features/series/SeriesList'), ['series']) },
          { path: 'orgs/:org/series/:slug', ...screen(() => import('../features/series/SeriesPage'), ['series']) },
          { path: 'orgs/:org/embed-tokens', ...screen(() => import('../features/integrations/EmbedTokens'), ['integrations']) },
          { path: 'orgs/:org/imports/sailwave', ...screen(() => import('../features/scoring/SailwaveImportScreen'), ['scoring']) },
          {
            path: 'regattas/:slug',
            // Its tab bar names the scoring desk and the safety tally with their areas' own words ('scoring:tab', 'tally:tab').
            ...screen(() => import('../features/regattas/RegattaLayout'), ['scoring', 'tally']),
            children: [
              { index: true, ...screen(() => import('../features/regattas/RegattaOverview')) },
              { path: 'notices', ...screen(() => import('../features/notices/NoticeBoard'), ['notices']) },
              { path: 'fleets', ...screen(() => import('../features/fleets/FleetsAndRaces'), ['fleets']) },
              { path: 'entries', ...screen(() => import('../features/entries/Entries'), ['entries']) },
              { path: 'scoring', ...screen(() => import('../features/scoring/ScoringDesk'), ['scoring']) },
              { path: 'scoring/ratings', ...screen(() => import('../features/scoring/RatingsPerRace'), ['scoring']) },
              { path: 'scoring/split', ...screen(() => import('../features/scoring/SplitSeries'), ['scoring']) },
              { path: 'scoring/:fleetId/races/:raceId', ...screen(() => import('../features/scoring/FinishSheet'), ['scoring']) },
              { path: 'jury', ...screen(() => import('../features/jury/JuryRoom'), ['jury']) },
              { path: 'tally', ...screen(() => import('../features/tally/TallyDesk'), ['tally']) },
            ],
          },
          { path: 'keys', ...screen(() => import('../features/integrations/ApiKeys'), ['integrations']) },
          { path: 'webhooks', ...screen(() => import('../features/integrations/Webhooks'), ['integrations']) },
          { path: '*', ...screen(() => import('./NotFound')) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/console' });

// Early answers (app/early.ts) serve the first screen only.
const stopWatching = router.subscribe((state) => {
  if (!state.initialized) return;
  discardEarly();
  stopWatching();
});
if (router.state.initialized) discardEarly();
