/**
 * The regattas of the person's organizations: for each, whether new entries and withdrawals
 * (`organizer_entry`) reach them and how (at once or in the regatta's daily digest). A regatta's
 * choice overrides the general one; a kind switched off in general stays off everywhere.
 */
import { useTranslation } from 'react-i18next';

export type Delivery = 'at_once' | 'digest';
export interface OrganizerChoice {
  enabled: boolean;
  delivery: Delivery;
}

/** At once or in the daily digest: the radio group of new entries and withdrawals. */
export function DeliveryChoice({ name, value, disabled, onChange }: { name: string; value: Delivery; disabled: boolean; onChange: (delivery: Delivery) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('notifications:delivery.legend')}</legend>
      {(['at_once', 'digest'] as const).map((delivery) => (
        <div key={delivery} className="check">
          <label>
            <input type="radio" name={name} value={delivery} checked={value === delivery} disabled={disabled} onChange={() => onChange(delivery)} />{' '}
            {t(`notifications:delivery.${delivery}`)}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

export function OrganizedRegattas({
  regattas,
  choices,
  general,
  generalOff,
  onChange,
}: {
  regattas: ReadonlyArray<{ id: string; name: string }>;
  /** The regattas with their own choice (or changed here); the others show and follow `general`. */
  choices: Record<string, OrganizerChoice>;
  general: OrganizerChoice;
  /** New entries and withdrawals switched off in general: off for every regatta. */
  generalOff: boolean;
  onChange: (eventId: string, choice: OrganizerChoice) => void;
}) {
  const { t } = useTranslation();
  if (regattas.length === 0) return null;
  return (
    <>
      <h2>{t('notifications:organized.title')}</h2>
      <p>{t('notifications:organized.intro')}</p>
      {regattas.map((r) => {
        const choice = choices[r.id] ?? general;
        const off = generalOff || !choice.enabled;
        return (
          <fieldset key={r.id}>
            <legend>{r.name}</legend>
            <div className="check">
              <label>
                <input type="checkbox" checked={!off} disabled={generalOff} onChange={(event) => onChange(r.id, { ...choice, enabled: event.target.checked })} />{' '}
                {t('notifications:kinds.organizer_entry')}
              </label>
            </div>
            <DeliveryChoice name={`organized-delivery-${r.id}`} value={choice.delivery} disabled={off} onChange={(delivery) => onChange(r.id, { ...choice, delivery })} />
          </fieldset>
        );
      })}
    </>
  );
}
