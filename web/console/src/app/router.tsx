/**
 * Every screen has a URL under /console/ that opens it after sign-in (deep links): guarded screens
 * send a person who is not signed in to /console/sign-in?next=<the screen>. Each area is a lazy
 * chunk, so the first load carries only the shell and the screen asked for.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { RequireSession } from './RequireSession';
import { RouteError } from './RouteError';
import { prefetchRegattaList, prefetchSession } from './prefetch';
import { discardEarly } from './early';
import { Loading } from '../ui/states';
import RegattaList from '../features/regattas/RegattaList';

type Loader = () => Promise<{ default: React.ComponentType }>;
const screen = (load: Loader): Pick<RouteObject, 'lazy'> => ({ lazy: async () => ({ Component: (await load()).default }) });

export const routes: RouteObject[] = [
  { path: 'sign-in', ...screen(() => import('../features/account/SignIn')), errorElement: <RouteError /> },
  { path: 'sign-up', ...screen(() => import('../features/account/SignUp')), errorElement: <RouteError /> },
  // The committee app works for an enrolled device without a session, and offline: outside the guard.
  { path: 'committee/enrol', ...screen(() => import('../features/committee/Enrol')), errorElement: <RouteError /> },
  { path: 'committee/:slug', ...screen(() => import('../features/committee/Committee')), errorElement: <RouteError /> },
  {
    element: <RequireSession />,
    errorElement: <RouteError />,
    // Asked while the screen's chunk loads, not after it rendered: one round trip less on a slow link.
    loader: prefetchSession,
    hydrateFallbackElement: <Loading />,
    children: [
      // The hearing board for a clubhouse screen: signed in, without the console's frame around it.
      { path: 'regattas/:slug/jury/display', ...screen(() => import('../features/jury/HearingDisplay')) },
      {
        element: <Layout />,
        children: [
          { index: true, ...screen(() => import('../features/orgs/Home')) },
          { path: 'account', ...screen(() => import('../features/account/Account')) },
          { path: 'orgs', ...screen(() => import('../features/orgs/OrgList')) },
          { path: 'orgs/:org', ...screen(() => import('../features/orgs/OrgProfile')) },
          { path: 'orgs/:org/members', ...screen(() => import('../features/orgs/Members')) },
          // The landing screen is in the first load (no chunk to wait for after the code ran).
          { path: 'orgs/:org/regattas', loader: prefetchRegattaList, Component: RegattaList, hydrateFallbackElement: <Loading /> },
          { path: 'orgs/:org/regattas/new', ...screen(() => import('../features/regattas/RegattaCreate')) },
          { path: 'orgs/:org/embed-tokens', ...screen(() => import('../features/integrations/EmbedTokens')) },
          { path: 'orgs/:org/imports/sailwave', ...screen(() => import('../features/scoring/SailwaveImportScreen')) },
          {
            path: 'regattas/:slug',
            ...screen(() => import('../features/regattas/RegattaLayout')),
            children: [
              { index: true, ...screen(() => import('../features/regattas/RegattaOverview')) },
              { path: 'notices', ...screen(() => import('../features/notices/NoticeBoard')) },
              { path: 'fleets', ...screen(() => import('../features/fleets/FleetsAndRaces')) },
              { path: 'entries', ...screen(() => import('../features/entries/Entries')) },
              { path: 'scoring', ...screen(() => import('../features/scoring/ScoringDesk')) },
              { path: 'scoring/:fleetId/races/:raceId', ...screen(() => import('../features/scoring/FinishSheet')) },
              { path: 'jury', ...screen(() => import('../features/jury/JuryRoom')) },
            ],
          },
          { path: 'keys', ...screen(() => import('../features/integrations/ApiKeys')) },
          { path: 'webhooks', ...screen(() => import('../features/integrations/Webhooks')) },
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
