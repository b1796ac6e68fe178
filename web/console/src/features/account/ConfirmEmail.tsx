/** The page the sign-up e-mail links to (?id=&token=): confirms the address as it opens. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { LanguageSwitch } from '../../app/LanguageSwitch';

export default function ConfirmEmail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linkId = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => unwrap(api.POST('/api/v1/auth/email-confirmation', { body: { linkId, token } })) });
  const { mutate } = confirm;
  useEffect(() => {
    if (linkId && token) mutate();
  }, [linkId, token, mutate]);
  return (
    <main id="main" className="page narrow">
      <div className="corner"><LanguageSwitch /></div>
      <h1>{t('account:confirmTitle')}</h1>
      {confirm.isSuccess ? (
        <p role="status">{t('account:confirmed')}</p>
      ) : confirm.isError || !linkId || !token ? (
        <p role="alert">{t('account:linkInvalid')}</p>
      ) : (
        <p role="status">{t('account:confirming')}</p>
      )}
      <p><Link to="/">{t('account:backToSignIn')}</Link></p>
    </main>
  );
}
