/**
 * Notifications in this browser: the at-once messages (hearings, codes on the water, protests,
 * boats not signed in, a new-device sign-in) pushed to this device besides the e-mail. States:
 * not possible in this browser, not offered by the server, blocked in the browser's settings, on, off;
 * a failure says which step failed (permission, the worker, the push service, the API).
 */
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, ApiError } from '../../api/client';
import { Loading, ProblemAlert } from '../../ui/states';
import { BrowserPushError, pushSupported, pushesToMe, subscribeThisBrowser, unsubscribeThisBrowser } from './browser-push';

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
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const key = useQuery({ queryKey: ['push-key'], queryFn: loadKey, enabled: supported, staleTime: Infinity });
  const held = useQuery({ queryKey: ['push-held'], queryFn: pushesToMe, enabled: supported });
  const setHeld = (on: boolean) => queryClient.setQueryData(['push-held'], on);
  const subscribe = useMutation({ mutationFn: (publicKey: string) => subscribeThisBrowser(publicKey), onSuccess: () => setHeld(true) });
  const unsubscribe = useMutation({ mutationFn: unsubscribeThisBrowser, onSuccess: () => setHeld(false) });
  const busy = subscribe.isPending || unsubscribe.isPending;
  const on = held.data === true;
  const blocked = supported && Notification.permission === 'denied' && !on;

  let body;
  if (!supported) body = <p role="status">{t('notifications:push.unsupported')}</p>;
  else if (key.isPending || held.isPending) body = <Loading />;
  else if (key.isError && key.error instanceof ApiError && key.error.status === 404) body = <p role="status">{t('notifications:push.unavailable')}</p>;
  else if (key.isError || held.isError) body = <ProblemAlert error={key.error ?? held.error} />;
  else
    body = (
      <>
        <p role="status">{on ? t('notifications:push.on') : blocked ? t('notifications:push.blocked') : t('notifications:push.off')}</p>
        {on ? (
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
