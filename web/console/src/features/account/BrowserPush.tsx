/**
 * Notifications in this browser: the at-once messages (hearings, codes on the water, protests,
 * boats not signed in, a new-device sign-in) pushed to this device besides the e-mail. States:
 * not possible in this browser, not offered by the server, blocked in the browser's settings, on, off;
 * a failure says which step failed (permission, the worker, the push service, the API).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap, ApiError } from '../../api/client';
import { Loading, ProblemAlert } from '../../ui/states';
import { BrowserPushError, currentSubscription, pushSupported, subscribeThisBrowser, unsubscribeThisBrowser } from './browser-push';

type Held = 'checking' | 'on' | 'off';

const loadKey = async () => (await unwrap(api.GET('/api/v1/notifications/push/key'))).data.publicKey;

function Failure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!(error instanceof BrowserPushError)) return <ProblemAlert error={error} />;
  return (
    <div role="alert" className="alert">
      <p>{t(`notifications:push.failed.${error.step}`)}</p>
      {error.step === 'subscribe' && <p className="muted">{t('notifications:push.browserSaid', { detail: error.message })}</p>}
    </div>
  );
}

export function BrowserPush() {
  const { t } = useTranslation();
  const supported = pushSupported();
  const key = useQuery({ queryKey: ['push-key'], queryFn: loadKey, enabled: supported, staleTime: Infinity });
  const [held, setHeld] = useState<Held>(supported ? 'checking' : 'off');
  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription()
      .then((subscription) => live && setHeld(subscription ? 'on' : 'off'))
      .catch(() => live && setHeld('off'));
    return () => {
      live = false;
    };
  }, [supported]);
  const subscribe = useMutation({ mutationFn: (publicKey: string) => subscribeThisBrowser(publicKey), onSuccess: () => setHeld('on') });
  const unsubscribe = useMutation({ mutationFn: unsubscribeThisBrowser, onSuccess: () => setHeld('off') });
  const busy = subscribe.isPending || unsubscribe.isPending;
  const blocked = supported && Notification.permission === 'denied' && held !== 'on';

  let body;
  if (!supported) body = <p role="status">{t('notifications:push.unsupported')}</p>;
  else if (key.isPending || held === 'checking') body = <Loading />;
  else if (key.isError && key.error instanceof ApiError && key.error.status === 404) body = <p role="status">{t('notifications:push.unavailable')}</p>;
  else if (key.isError) body = <ProblemAlert error={key.error} />;
  else
    body = (
      <>
        <p role="status">{held === 'on' ? t('notifications:push.on') : blocked ? t('notifications:push.blocked') : t('notifications:push.off')}</p>
        {held === 'on' ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              subscribe.reset();
              unsubscribe.mutate();
            }}
          >
            {t('notifications:push.stop')}
          </button>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={() => {
              unsubscribe.reset();
              subscribe.mutate(key.data);
            }}
          >
            {t('notifications:push.start')}
          </button>
        )}
        {busy && <Loading label={t('notifications:push.working')} />}
        <Failure error={subscribe.error ?? unsubscribe.error} />
      </>
    );
  return (
    <section aria-labelledby="browser-push-title">
      <h2 id="browser-push-title">{t('notifications:push.title')}</h2>
      <p>{t('notifications:push.intro')}</p>
      {body}
    </section>
  );
}
