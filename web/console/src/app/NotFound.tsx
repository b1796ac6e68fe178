import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p><Link to="/">{t('error.home')}</Link></p>
    </>
  );
}
