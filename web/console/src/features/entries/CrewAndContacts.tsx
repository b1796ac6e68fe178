/** The crew (one name per line), emergency contact and special requirements of an entry, for the add and the edit form. */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/form';

export interface CrewAndContactsProps {
  register: { crew: UseFormRegisterReturn; emergencyContact: UseFormRegisterReturn; specialRequirements: UseFormRegisterReturn };
  errors: { crew?: string | undefined; emergencyContact?: string | undefined; specialRequirements?: string | undefined };
}

export function CrewAndContacts({ register, errors }: CrewAndContactsProps) {
  const { t } = useTranslation('entries');
  return (
    <>
      <Field label={t('fields.crew')} error={errors.crew} hint={t('fields.crewHint')}>
        {(a) => <textarea {...a} rows={3} {...register.crew} />}
      </Field>
      <div className="form-row">
        <Field label={t('fields.emergencyContact')} error={errors.emergencyContact}>
          {(a) => <input {...a} autoComplete="off" {...register.emergencyContact} />}
        </Field>
        <Field label={t('fields.specialRequirements')} error={errors.specialRequirements}>
          {(a) => <textarea {...a} rows={2} {...register.specialRequirements} />}
        </Field>
      </div>
    </>
  );
}
