/** The boat's name, sail number and model in one row, for the add-entry form and the edit-boat form (extra fields, e.g. the rating, follow in the row). */
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/form';

export interface BoatFieldsProps {
  register: { boatName: UseFormRegisterReturn; sailNumber: UseFormRegisterReturn; model: UseFormRegisterReturn };
  errors: { boatName?: string | undefined; sailNumber?: string | undefined; model?: string | undefined };
  children?: ReactNode;
}

export function BoatFields({ register, errors, children }: BoatFieldsProps) {
  const { t } = useTranslation('entries');
  return (
    <div className="form-row">
      <Field label={t('fields.boatName')} error={errors.boatName}>
        {(a) => <input {...a} autoComplete="off" {...register.boatName} />}
      </Field>
      <Field label={t('fields.sailNumber')} error={errors.sailNumber}>
        {(a) => <input {...a} autoComplete="off" {...register.sailNumber} />}
      </Field>
      <Field label={t('fields.model')} error={errors.model}>
        {(a) => <input {...a} autoComplete="off" {...register.model} />}
      </Field>
      {children}
    </div>
  );
}
