import { Navigate } from 'react-router';
import { useCurrentOrg } from '../../app/current-org';

/** /console/ opens the current organization's regattas, or the organizations screen for a newcomer. */
export default function Home() {
  const org = useCurrentOrg();
  return <Navigate to={org ? `/orgs/${org}/regattas` : '/orgs'} replace />;
}
