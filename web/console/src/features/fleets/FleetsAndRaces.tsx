import { useTranslation } from 'react-i18next';


export default function FleetsAndRaces() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      
    </>
  );
}
