/**
 * Form pieces shared by every screen: a labelled field whose error is announced and tied to it
 * (aria-invalid, aria-describedby), the mapping of the API's problem+json refusals onto the fields
 * they concern, and drafts kept in sessionStorage so a refusal, a dropped connection or a reload
 * loses nothing a person typed (passwords are never kept).
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, placeFieldErrors } from '../api/problem';

export interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A visible label, the control, a hint and the error message (translated when it is a key). */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {hint && <p id={hintId} className="hint">{hint}</p>}
      {error && <p id={errorId} className="field-error">{t(error, { defaultValue: error })}</p>}
    </div>
  );
}

/**
 * Puts an API refusal on the form: field errors on their fields (by the API's dotted path), the rest
 * returned as general lines for the alert above the form.
 */
export function applyApiError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, aliases: Record<string, string> = {}): string[] {
  if (!(error instanceof ApiError)) return [];
  const names = Object.keys(flatten(form.getValues()));
  const placed = placeFieldErrors(error, names, aliases);
  for (const [name, message] of Object.entries(placed.fields)) form.setError(name as Path<T>, { type: 'server', message });
  return placed.general;
}

function flatten(value: unknown, prefix = '', out: Record<string, true> = {}): Record<string, true> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    if (prefix) out[prefix] = true;
  } else if (prefix) out[prefix] = true;
  return out;
}

/** Keeps a form's values in sessionStorage under `key` until `clear` (after the API accepted them). */
export function useDraft<T extends FieldValues>(form: UseFormReturn<T>, key: string, omit: readonly string[] = ['password']): { clear: () => void } {
  const storageKey = `regatta.draft.${key}`;
  const omitted = omit.join(',');
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restored) return;
    setRestored(true);
    try {
      const saved = sessionStorage.getItem(storageKey);
      if (saved) form.reset({ ...form.getValues(), ...(JSON.parse(saved) as T) });
    } catch {
      // A draft that cannot be read is dropped, never an error.
    }
  }, [form, restored, storageKey]);
  useEffect(() => {
    const subscription = form.watch((values) => {
      try {
        const kept = { ...values } as Record<string, unknown>;
        for (const name of omitted.split(',')) delete kept[name];
        sessionStorage.setItem(storageKey, JSON.stringify(kept));
      } catch {
        // Storage full or refused: the form still holds what was typed.
      }
    });
    return () => subscription.unsubscribe();
  }, [form, storageKey, omitted]);
  return {
    clear: () => {
      try {
        sessionStorage.removeItem(storageKey);
      } catch {
        // nothing to clear
      }
    },
  };
}
