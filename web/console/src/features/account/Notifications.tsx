/**
 * A person's notification choices (language; each kind on or off, in general and per regatta; the
 * safety and security kinds shown as always sent), notifications in this browser, and the log of
 * every message sent to them.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { DataTable } from '../../ui/DataTable';
import { ProblemAlert, QueryView } from '../../ui/states';
import { formatDateTime } from '../../i18n/format';
import { BrowserPush } from './BrowserPush';
import { DeliveryChoice, OrganizedRegattas, type Delivery, type OrganizerChoice } from './OrganizedRegattas';

type Preferences = Awaited<ReturnType<typeof loadPreferences>>;
type Locale = 'en' | 'de';
const loadPreferences = async () => (await unwrap(api.GET('/api/v1/notifications/preferences'))).data;
const loadLog = async () => (await unwrap(api.GET('/api/v1/notifications/messages', { params: { query: { limit: 50 } } }))).data;
/** The kinds an entrant may choose per regatta. */
const REGATTA_KINDS = ['notice', 'schedule', 'entry', 'results', 'hearing', 'penalty'] as const;

interface Choices {
  locale: Locale;
  general: Record<string, boolean>;
  regatta: Record<string, boolean>;
  /** For kinds with a daily digest: at once or once a day. */
  delivery: Record<string, Delivery>;
  /** New entries and withdrawals per regatta of the person's organizations. */
  organized: Record<string, OrganizerChoice>;
}

const regattaKey = (eventId: string, kind: string) => `${eventId}|${kind}`;

/**
 * The regattas that have their own choice of new entries and withdrawals. Only these (and those the
 * person changes here) are saved per regatta: one left alone follows the general choice.
 */
function organizedChoicesOf(preferences: Preferences): Record<string, OrganizerChoice> {
  const general = preferences.kinds.find((k) => k.kind === 'organizer_entry');
  return Object.fromEntries(
    preferences.regattaChoices
      .filter((c) => c.kind === 'organizer_entry' && preferences.organizedRegattas.some((r) => r.id === c.eventId))
      .map((c) => [c.eventId, { enabled: c.enabled, delivery: c.delivery ?? general?.delivery ?? 'at_once' }]),
  );
}

function choicesOf(preferences: Preferences): Choices {
  return {
    organized: organizedChoicesOf(preferences),
    locale: preferences.locale,
    general: Object.fromEntries(preferences.kinds.map((k) => [k.kind, k.enabled])),
    regatta: Object.fromEntries(preferences.regattaChoices.map((c) => [regattaKey(c.eventId, c.kind), c.enabled])),
    delivery: Object.fromEntries(preferences.kinds.filter((k) => k.digest).map((k) => [k.kind, k.delivery])),
  };
}

function Settings({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [choices, setChoices] = useState<Choices>(() => choicesOf(preferences));
  useEffect(() => setChoices(choicesOf(preferences)), [preferences]);
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PUT('/api/v1/notifications/preferences', {
          body: {
            locale: choices.locale,
            kinds: [
              ...preferences.kinds
                .filter((k) => !k.mandatory)
                .map((k) => ({ kind: k.kind as never, enabled: choices.general[k.kind] !== false, ...(k.digest ? { delivery: choices.delivery[k.kind] ?? 'at_once' } : {}) })),
              ...preferences.regattas.flatMap((r) => REGATTA_KINDS.map((kind) => ({ kind, eventId: r.id, enabled: choices.regatta[regattaKey(r.id, kind)] !== false }))),
              ...Object.entries(choices.organized).map(([eventId, choice]) => ({ kind: 'organizer_entry' as const, eventId, ...choice })),
            ],
          },
        }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(['notification-preferences'], answer.data),
  });
  const toggle = (group: 'general' | 'regatta', key: string) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setChoices((now) => ({ ...now, [group]: { ...now[group], [key]: event.target.checked } }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <ProblemAlert error={save.error} />
      <div className="field">
        <label htmlFor="notification-language">{t('notifications:language')}</label>
        <select id="notification-language" value={choices.locale} onChange={(event) => setChoices((now) => ({ ...now, locale: event.target.value as Locale }))}>
          <option value="en">{t('notifications:languages.en')}</option>
          <option value="de">{t('notifications:languages.de')}</option>
        </select>
      </div>
      <fieldset>
        <legend>{t('notifications:general')}</legend>
        {preferences.kinds.map((k) => (
          <div key={k.kind} className="check">
            <label>
              <input type="checkbox" checked={k.mandatory || choices.general[k.kind] !== false} disabled={k.mandatory} onChange={toggle('general', k.kind)} />{' '}
              {t(`notifications:kinds.${k.kind}`)}
              {k.mandatory && <span className="muted"> ({t('notifications:mandatory')})</span>}
            </label>
            {k.digest && (
              <DeliveryChoice
                name={`delivery-${k.kind}`}
                value={choices.delivery[k.kind] ?? 'at_once'}
                disabled={choices.general[k.kind] === false}
                onChange={(delivery) => setChoices((now) => ({ ...now, delivery: { ...now.delivery, [k.kind]: delivery } }))}
              />
            )}
          </div>
        ))}
      </fieldset>
      {preferences.regattas.length > 0 && (
        <>
          <h2>{t('notifications:perRegatta')}</h2>
          <p>{t('notifications:perRegattaIntro')}</p>
          {preferences.regattas.map((r) => (
            <fieldset key={r.id}>
              <legend>{r.name}</legend>
              {REGATTA_KINDS.map((kind) => (
                <div key={kind} className="check">
                  <label>
                    <input type="checkbox" checked={choices.regatta[regattaKey(r.id, kind)] !== false} onChange={toggle('regatta', regattaKey(r.id, kind))} />{' '}
                    {t(`notifications:kinds.${kind}`)}
                  </label>
                </div>
              ))}
            </fieldset>
          ))}
        </>
      )}
      <OrganizedRegattas
        regattas={preferences.organizedRegattas}
        choices={choices.organized}
        general={{ enabled: true, delivery: choices.delivery['organizer_entry'] ?? 'at_once' }}
        generalOff={choices.general['organizer_entry'] === false}
        onChange={(eventId, choice) => setChoices((now) => ({ ...now, organized: { ...now.organized, [eventId]: choice } }))}
      />
      <button type="submit" disabled={save.isPending}>{t('notifications:save')}</button>
      {save.isSuccess && <p role="status">{t('notifications:saved')}</p>}
    </form>
  );
}

export default function Notifications() {
  const { t, i18n } = useTranslation();
  const preferences = useQuery({ queryKey: ['notification-preferences'], queryFn: loadPreferences });
  const log = useQuery({ queryKey: ['notification-log'], queryFn: loadLog });
  return (
    <>
      <h1>{t('notifications:title')}</h1>
      <p>{t('notifications:intro')}</p>
      <QueryView query={preferences}>{(data) => <Settings preferences={data} />}</QueryView>
      <BrowserPush />
      <h2>{t('notifications:log')}</h2>
      <QueryView query={log}>
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(row) => row.id}
            empty={t('notifications:logEmpty')}
            columns={[
              { header: t('notifications:columns.when'), cell: (row) => formatDateTime(row.sentAt ?? row.failedAt ?? row.createdAt, i18n.language) },
              { header: t('notifications:columns.message'), cell: (row) => row.subject ?? t(`notifications:kinds.${row.kind}`) },
              { header: t('notifications:columns.regatta'), cell: (row) => row.regatta?.name ?? '' },
              { header: t('notifications:columns.state'), cell: (row) => (row.error ? `${t(`notifications:states.${row.status}`)}: ${row.error}` : t(`notifications:states.${row.status}`)) },
            ]}
          />
        )}
      </QueryView>
    </>
  );
}
