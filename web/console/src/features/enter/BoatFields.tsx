/**
 * The boat's fields shared by entering and by moving an entry: a new boat (sail number, name, class)
 * and the rating a fleet's handicap system needs with its certificate (number, last valid day).
 */
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/form';
import type { EntryForm } from './form';

/** The fields both forms name alike. */
export interface BoatFieldValues {
  boatName: string;
  sailNumber: string;
  model: string;
  rating: string;
  certificateNumber: string;
  certificateExpires: string;
}

interface Props {
  register: UseFormRegister<BoatFieldValues>;
  errors: FieldErrors<BoatFieldValues>;
}

export function NewBoatFields({ register, errors }: Props) {
  const { t } = useTranslation('enter');
  return (
    <div className="form-row">
      <Field label={t('boat.sailNumber')} error={errors.sailNumber?.message}>
        {(a) => <input {...a} autoComplete="off" {...register('sailNumber')} />}
      </Field>
      <Field label={t('boat.name')} error={errors.boatName?.message}>
        {(a) => <input {...a} autoComplete="off" {...register('boatName')} />}
      </Field>
      <Field label={t('boat.model')} error={errors.model?.message}>
        {(a) => <input {...a} autoComplete="off" {...register('model')} />}
      </Field>
    </div>
  );
}

export function RatingFields({ register, errors, fleet, hint }: Props & { fleet: EntryForm['fleets'][number] & { ratingKey: string }; hint?: string | undefined }) {
  const { t } = useTranslation('enter');
  return (
    <div className="form-row">
      <Field label={t('rating', { system: fleet.ratingKey.toUpperCase() })} error={errors.rating?.message} hint={hint}>
        {(a) => <input {...a} inputMode="decimal" autoComplete="off" {...register('rating')} />}
      </Field>
      {fleet.certificate && (
        <>
          <Field label={t('certificate.number')} error={errors.certificateNumber?.message}>
            {(a) => <input {...a} autoComplete="off" {...register('certificateNumber')} />}
          </Field>
          <Field label={t('certificate.expires')} error={errors.certificateExpires?.message}>
            {(a) => <input {...a} type="date" {...register('certificateExpires')} />}
          </Field>
        </>
      )}
    </div>
  );
}
