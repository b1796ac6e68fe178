/**
 * The console's first script: small, it starts the first requests of the screen asked for while the
 * rest of the code downloads (app/early.ts), then main.tsx renders with their answers.
 */
import { fetchSession } from './api/session-request';
import { startEarly } from './app/early';
import { earlyListKey, fetchRegattaPage, tabOf } from './features/regattas/list-request';

startEarly('session', fetchSession);
const list = /^\/console\/orgs\/([^/]+)\/regattas\/?$/.exec(location.pathname);
if (list) {
  const org = decodeURIComponent(list[1]!);
  const search = new URLSearchParams(location.search);
  const show = tabOf(search.get('show'));
  const q = search.get('q')?.trim() ?? '';
  startEarly(earlyListKey(org, show, q), () => fetchRegattaPage(org, show, q, 0));
}
