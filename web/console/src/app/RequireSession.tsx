import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { Loading, ProblemAlert } from '../ui/states';

/** Guards the signed-in part of the console; the screen asked for comes back after sign-in. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading />;
  if (session.isError) return <main className="page"><ProblemAlert error={session.error} /></main>;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}
