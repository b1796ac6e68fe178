import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ProblemAlert } from '../ui/states';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <main className="page" id="main">
      <h1>{t('error.title')}</h1>
      <ProblemAlert error={error} />
      <p><a href="/console/">{t('error.home')}</a></p>
    </main>
  );
}
