/**
 * A group of checkboxes for one list field of a form (an API key's scopes, a webhook's event types):
 * a fieldset named by its legend, each box labelled and described, the group's error announced and
 * tied to the group.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface CheckboxOption {
  value: string;
  label: ReactNode;
  hint?: string;
}

export function CheckboxGroup({ legend, options, register, error, hint, children }: { legend: string; options: CheckboxOption[]; register: UseFormRegisterReturn; error?: string | undefined; hint?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={described} className={error ? 'field-invalid' : undefined}>
      <legend>{legend}</legend>
      {hint && <p id={`${id}-hint`} className="hint">{hint}</p>}
      {children}
      <ul className="checks">
        {options.map((option) => (
          <li key={option.value} className="check">
            <input type="checkbox" id={`${id}-${option.value}`} value={option.value} aria-describedby={option.hint ? `${id}-${option.value}-hint` : undefined} {...register} />
            <span>
              <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
              {option.hint && <span id={`${id}-${option.value}-hint`} className="hint"> {option.hint}</span>}
            </span>
          </li>
        ))}
      </ul>
      {error && <p id={`${id}-error`} className="field-error">{t(error, { defaultValue: error })}</p>}
    </fieldset>
  );
}
