/**
 * The fields of the sailor's one entry form: boat (one of hers or a new one) and fleet with the rating
 * the fleet needs and its certificate (new entries only), date of birth, crew as persons, emergency
 * contact, the organizer's questions, and the waivers (a parent or guardian names themselves when the
 * sailor, or for a crew member when that crew member, is under 18 on the first day).
 */
import { useFieldArray, type FieldErrors, type UseFormRegister, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '@regatta/client';
import { Field } from '../../ui/form';
import { EMPTY_CREW, isMinor, type EnterValues, type EntryForm } from './form';
import { fleetOption } from './move';
import { NewBoatFields, RatingFields, type BoatFieldValues } from './BoatFields';

type Boat = Schemas['MyBoat'];

/** The API's field names on the form's (a refusal lands on the field it concerns). */
export function fieldAliases(form: EntryForm): Record<string, string> {
  const aliases: Record<string, string> = {
    'boat.name': 'boatName',
    'boat.sailNumber': 'sailNumber',
    'boat.model': 'model',
    'boat.id': 'boatId',
    dateOfBirth: 'dateOfBirth',
  };
  for (const fleet of form.fleets) {
    if (fleet.ratingKey) {
      aliases[`boat.ratings.${fleet.ratingKey}`] = 'rating';
      aliases[`certificates.${fleet.ratingKey}.expires`] = 'certificateExpires';
      aliases[`certificates.${fleet.ratingKey}.number`] = 'certificateNumber';
    }
  }
  for (const waiver of form.waivers) {
    aliases[`waivers.${waiver.id}`] = `accepted.${waiver.id}`;
    aliases[`waivers.${waiver.id}.version`] = `accepted.${waiver.id}`;
    aliases[`waivers.${waiver.id}.guardianName`] = 'guardianName';
  }
  for (let index = 0; index < 50; index += 1) {
    for (const field of ['name', 'role', 'sailorId', 'dateOfBirth', 'guardianName']) aliases[`crewMembers.${index}.${field}`] = `crew.${index}.${field}`;
  }
  return aliases;
}

export function EntryFields({
  form,
  entryForm,
  boats,
  editing,
  waiversOnly = false,
}: {
  form: UseFormReturn<EnterValues>;
  entryForm: EntryForm;
  boats: readonly Boat[];
  editing: boolean;
  /** Entries closed: only the waivers (a new version is accepted any time). */
  waiversOnly?: boolean;
}) {
  const { t } = useTranslation('enter');
  const { errors } = form.formState;
  const crew = useFieldArray({ control: form.control, name: 'crew' });
  const boatId = form.watch('boatId');
  const fleet = entryForm.fleets.find((candidate) => candidate.id === form.watch('fleet'));
  const minor = isMinor(form.watch('dateOfBirth'), entryForm.event.startDate);
  const crewBirths = (form.watch('crew') ?? []).map((member) => member.dateOfBirth);
  const boatProps = { register: form.register as unknown as UseFormRegister<BoatFieldValues>, errors: errors as FieldErrors<BoatFieldValues> };

  return (
    <>
      {!editing && (
        <fieldset>
          <legend>{t('boat.legend')}</legend>
          {boats.length > 0 && (
            <Field label={t('boat.choose')} error={errors.boatId?.message}>
              {(a) => (
                <select {...a} {...form.register('boatId')}>
                  <option value="">{t('boat.new')}</option>
                  {boats.map((boat) => (
                    <option key={boat.id} value={boat.id}>{boat.sailNumber ? `${boat.name} (${boat.sailNumber})` : boat.name}</option>
                  ))}
                </select>
              )}
            </Field>
          )}
          {!boatId && <NewBoatFields {...boatProps} />}
          <Field label={t('fleet')} error={errors.fleet?.message}>
            {(a) => (
              <select {...a} {...form.register('fleet')}>
                {entryForm.fleets.length !== 1 && <option value="">{t('chooseFleet')}</option>}
                {entryForm.fleets.map((f) => <option key={f.id} value={f.id}>{fleetOption(t, f)}</option>)}
              </select>
            )}
          </Field>
          {fleet?.ratingKey && <RatingFields {...boatProps} fleet={{ ...fleet, ratingKey: fleet.ratingKey }} hint={boatId ? t('ratingKept') : undefined} />}
        </fieldset>
      )}

      {!waiversOnly && (
        <>
          <fieldset>
            <legend>{t('sailor.legend')}</legend>
            <div className="form-row">
              <Field label={t('sailor.dateOfBirth')} error={errors.dateOfBirth?.message} hint={t('sailor.dateOfBirthHint')}>
                {(a) => <input {...a} type="date" {...form.register('dateOfBirth')} />}
              </Field>
              <Field label={t('sailor.emergencyContact')} error={errors.emergencyContact?.message} hint={t('sailor.emergencyHint')}>
                {(a) => <input {...a} autoComplete="off" {...form.register('emergencyContact')} />}
              </Field>
            </div>
          </fieldset>

          <fieldset>
            <legend>{t('crew.legend')}</legend>
            {crew.fields.length === 0 && <p className="hint">{t('crew.none')}</p>}
            {crew.fields.map((member, index) => (
              <fieldset key={member.id}>
                <legend>{t('crew.member', { number: index + 1 })}</legend>
                <div className="form-row">
                  <Field label={t('crew.name')} error={errors.crew?.[index]?.name?.message}>
                    {(a) => <input {...a} autoComplete="off" {...form.register(`crew.${index}.name`)} />}
                  </Field>
                  <Field label={t('crew.role')} error={errors.crew?.[index]?.role?.message}>
                    {(a) => <input {...a} autoComplete="off" {...form.register(`crew.${index}.role`)} />}
                  </Field>
                  <Field label={t('crew.sailorId')} error={errors.crew?.[index]?.sailorId?.message}>
                    {(a) => <input {...a} autoComplete="off" {...form.register(`crew.${index}.sailorId`)} />}
                  </Field>
                  <Field label={t('crew.dateOfBirth')} error={errors.crew?.[index]?.dateOfBirth?.message}>
                    {(a) => <input {...a} type="date" {...form.register(`crew.${index}.dateOfBirth`)} />}
                  </Field>
                </div>
                {entryForm.waivers.length > 0 && isMinor(crewBirths[index] ?? '', entryForm.event.startDate) && (
                  <Field label={t('crew.guardianName', { number: index + 1 })} error={errors.crew?.[index]?.guardianName?.message} hint={t('crew.guardianHint')}>
                    {(a) => <input {...a} autoComplete="off" {...form.register(`crew.${index}.guardianName`)} />}
                  </Field>
                )}
                <button type="button" className="secondary" onClick={() => crew.remove(index)}>{t('crew.remove', { number: index + 1 })}</button>
              </fieldset>
            ))}
            <button type="button" className="secondary" onClick={() => crew.append({ ...EMPTY_CREW })}>{t('crew.add')}</button>
          </fieldset>

          {entryForm.questions.length > 0 && (
            <fieldset>
              <legend>{t('questions.legend')}</legend>
              {entryForm.questions.map((question) => {
                const error = errors.answers?.[question.id]?.message;
                const label = question.required ? t('questions.required', { label: question.label }) : question.label;
                if (question.kind === 'text') {
                  return (
                    <Field key={question.id} label={label} error={error}>
                      {(a) => <input {...a} autoComplete="off" {...form.register(`answers.${question.id}`)} />}
                    </Field>
                  );
                }
                const choices = question.kind === 'yes_no' ? [['yes', t('questions.yes')], ['no', t('questions.no')]] : question.choices.map((choice) => [choice, choice]);
                return (
                  <Field key={question.id} label={label} error={error}>
                    {(a) => (
                      <select {...a} {...form.register(`answers.${question.id}`)}>
                        <option value="">{t('questions.choose')}</option>
                        {choices.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
                      </select>
                    )}
                  </Field>
                );
              })}
            </fieldset>
          )}

        </>
      )}

      {entryForm.waivers.length > 0 && (
        <fieldset>
          <legend>{t('waivers.legend')}</legend>
          {entryForm.waivers.map((waiver) => {
            const error = errors.accepted?.[waiver.id]?.message;
            const errorId = `waiver-${waiver.id}-error`;
            return (
              <div key={waiver.id} className={error ? 'field field-invalid' : 'field'}>
                <h3>{t('waivers.title', { title: waiver.title, version: waiver.version })}</h3>
                <p className="waiver-text">{waiver.body}</p>
                <label>
                  <input type="checkbox" aria-invalid={!!error} aria-describedby={error ? errorId : undefined} {...form.register(`accepted.${waiver.id}`)} />{' '}
                  {t('waivers.accept', { title: waiver.title })}
                </label>
                {error && <p id={errorId} className="field-error">{t(error, { ns: ['enter', 'common'], defaultValue: error })}</p>}
              </div>
            );
          })}
          {minor && (
            <Field label={t('waivers.guardianName')} error={errors.guardianName?.message} hint={t('waivers.guardianHint')}>
              {(a) => <input {...a} autoComplete="name" {...form.register('guardianName')} />}
            </Field>
          )}
        </fieldset>
      )}
    </>
  );
}
