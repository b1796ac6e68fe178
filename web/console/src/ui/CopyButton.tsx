/** Copies a text (a secret shown once, a snippet) to the clipboard and says so to screen readers too. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <span className="inline-field">
      <button
        type="button"
        className="secondary"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {label ?? t('actions.copy')}
      </button>
      <span role="status" className="muted">{copied ? t('state.copied') : ''}</span>
    </span>
  );
}
