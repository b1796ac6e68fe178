import { useTranslation } from 'react-i18next';


export default function ApiKeys() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      
    </>
  );
}
