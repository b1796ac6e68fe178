/** The kind of organization and its description: the same two fields on the create and profile forms. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/form';
import { ORGANIZATION_TYPES } from './schemas';

export interface OrganizationKindFieldsProps {
  register: (name: 'type' | 'description') => UseFormRegisterReturn;
  errors: { type?: { message?: string | undefined } | undefined; description?: { message?: string | undefined } | undefined };
  descriptionRows: number;
}

export function OrganizationKindFields({ register, errors, descriptionRows }: OrganizationKindFieldsProps) {
  const { t } = useTranslation('orgs');
  return (
    <>
      <Field label={t('type')} error={errors.type?.message}>
        {(a) => (
          <select {...a} {...register('type')}>
            {ORGANIZATION_TYPES.map((type) => <option key={type} value={type}>{t(`types.${type}`)}</option>)}
          </select>
        )}
      </Field>
      <Field label={t('description')} error={errors.description?.message}>
        {(a) => <textarea {...a} rows={descriptionRows} {...register('description')} />}
      </Field>
    </>
  );
}
