import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

export default function RegattaLayout() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <Outlet />
    </>
  );
}
