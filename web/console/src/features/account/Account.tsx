import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../api/session';
import { QueryView } from '../../ui/states';

export default function Account() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <h1>{t('account:title')}</h1>
      <QueryView query={session}>
        {(data) => data && (
          <>
            <dl className="facts">
              <dt>{t('account:name')}</dt><dd>{data.user.name}</dd>
              <dt>{t('account:email')}</dt><dd>{data.user.email}</dd>
            </dl>
            <p><Link to="/account/notifications">{t('account:notificationsLink')}</Link></p>
            <h2>{t('account:memberships')}</h2>
            {data.memberships.length === 0 ? (
              <p>{t('account:noMemberships')} <Link to="/orgs">{t('account:createOrganization')}</Link></p>
            ) : (
              <ul>
                {data.memberships.map((m) => (
                  <li key={m.organizationId}>
                    {m.slug ? <Link to={`/orgs/${m.slug}/regattas`}>{m.name ?? m.slug}</Link> : m.name} ({t(`roles.${m.role}`)})
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
    </>
  );
}
