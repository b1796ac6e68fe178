/**
 * A secret the API shows only in its creation answer (an API key, an embed token, a webhook's signing
 * secret): shown once with a copy button and a plain warning. It lives only in the screen's memory
 * (React state), never in storage; leaving or reloading the screen drops it for good.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../ui/CopyButton';

export function SecretOnce({ title, secret, copyLabel, warning, onDone, children }: { title: string; secret: string; copyLabel: string; warning: string; onDone: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // The person's attention goes to the secret first: focus moves to its heading when it appears.
  useEffect(() => heading.current?.focus(), [secret]);
  return (
    <section aria-labelledby={headingId} className="notice">
      <h2 id={headingId} ref={heading} tabIndex={-1}>{title}</h2>
      <p><strong>{warning}</strong></p>
      <p className="secret">{secret}</p>
      <div className="actions">
        <CopyButton text={secret} label={copyLabel} />
        <button type="button" className="secondary" onClick={onDone}>{t('integrations:secret.done')}</button>
      </div>
      {children}
    </section>
  );
}
