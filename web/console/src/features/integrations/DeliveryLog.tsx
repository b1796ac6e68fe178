/**
 * The delivery log of one webhook: every attempt (time, event, cause, result, the receiver's status
 * code, duration, error) newest first, with a button to send an attempt's message again, and what
 * the receiver answered (content type and the first 2048 bytes of the body) in a row that the
 * attempt's "Show response" button opens and closes (aria-expanded, keyboard as any button).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@regatta/client';
import { api, unwrap } from '../../api/client';
import { formatDateTime } from '../../i18n/format';
import { DataTable } from '../../ui/DataTable';
import { QueryView } from '../../ui/states';

type Webhook = Schemas['Webhook'];
type Delivery = Schemas['WebhookDelivery'];

const DELIVERIES_PAGE = 20;
/** The size of the kept excerpt (the webhooks service keeps the first 2048 bytes of each answer). */
const EXCERPT_BYTES = 2048;

export function DeliveryLog({ webhook, onRedelivered, onFailure }: { webhook: Webhook; onRedelivered: () => void; onFailure: (error: unknown) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  // Deliveries are made in the background: the log refreshes itself while it is on screen.
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', webhook.id, offset],
    queryFn: () => unwrap(api.GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id: webhook.id }, query: { limit: DELIVERIES_PAGE, offset } } })),
    refetchInterval: 3000,
  });
  const redeliver = useMutation({
    mutationFn: (delivery: Delivery) => unwrap(api.POST('/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id: webhook.id, deliveryId: delivery.id } } })),
    onSuccess: async () => {
      onRedelivered();
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', webhook.id] });
    },
    onError: onFailure,
  });
  const language = i18n.language;
  // The attempts whose answer is open; a refresh of the log keeps them open.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section aria-labelledby="webhook-deliveries">
      <h3 id="webhook-deliveries">{t('integrations:webhooks.deliveriesTitle')}</h3>
      <QueryView query={deliveries}>
        {({ data, pagination }) => (
          <>
            <DataTable
              rows={data}
              rowKey={(delivery) => delivery.id}
              empty={t('integrations:webhooks.noDeliveries')}
              expansion={(delivery) =>
                delivery.response && open.has(delivery.id) ? <ResponseExcerpt delivery={delivery} response={delivery.response} /> : undefined
              }
              columns={[
                { header: t('integrations:webhooks.time'), cell: (delivery) => formatDateTime(delivery.createdAt, language) },
                { header: t('integrations:webhooks.event'), cell: (delivery) => <code>{delivery.event}</code> },
                { header: t('integrations:webhooks.trigger'), cell: (delivery) => t(`integrations:webhooks.triggers.${delivery.trigger}`) },
                { header: t('integrations:webhooks.attempt'), cell: (delivery) => delivery.attempt },
                {
                  header: t('integrations:webhooks.result'),
                  cell: (delivery) => (
                    <span className={delivery.success ? 'badge badge-ok' : 'badge badge-failed'}>{delivery.success ? t('integrations:webhooks.delivered') : t('integrations:webhooks.failed')}</span>
                  ),
                },
                { header: t('integrations:webhooks.statusCode'), cell: (delivery) => delivery.statusCode ?? t('integrations:webhooks.noStatus') },
                { header: t('integrations:webhooks.duration'), cell: (delivery) => t('integrations:webhooks.ms', { ms: new Intl.NumberFormat(language).format(delivery.durationMs) }) },
                { header: t('integrations:webhooks.error'), cell: (delivery) => delivery.error ?? '', className: 'break' },
                {
                  header: t('integrations:webhooks.response'),
                  cell: (delivery) =>
                    delivery.response ? (
                      <button
                        type="button"
                        className="secondary"
                        aria-expanded={open.has(delivery.id)}
                        aria-controls={`response-${delivery.id}`}
                        aria-label={t('integrations:webhooks.showResponseNamed', { event: delivery.event, time: formatDateTime(delivery.createdAt, language) })}
                        onClick={() => toggle(delivery.id)}
                      >
                        {t('integrations:webhooks.showResponse')}
                      </button>
                    ) : (
                      t('integrations:webhooks.noResponse')
                    ),
                },
                {
                  header: t('integrations:actions'),
                  cell: (delivery) => (
                    <button
                      type="button"
                      className="secondary"
                      disabled={!webhook.active || (redeliver.isPending && redeliver.variables?.id === delivery.id)}
                      aria-label={t('integrations:webhooks.redeliverNamed', { event: delivery.event, time: formatDateTime(delivery.createdAt, language) })}
                      onClick={() => redeliver.mutate(delivery)}
                    >
                      {t('integrations:webhooks.redeliver')}
                    </button>
                  ),
                },
              ]}
            />
            {(offset > 0 || pagination.hasMore) && (
              <div className="actions">
                <button type="button" className="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - DELIVERIES_PAGE))}>{t('integrations:webhooks.newer')}</button>
                <button type="button" className="secondary" disabled={!pagination.hasMore} onClick={() => setOffset(offset + DELIVERIES_PAGE)}>{t('integrations:webhooks.older')}</button>
              </div>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

/** What the receiver answered to one attempt, as the webhooks service kept it. */
function ResponseExcerpt({ delivery, response }: { delivery: Delivery; response: Schemas['WebhookDeliveryResponse'] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const title = t('integrations:webhooks.responseTitle', { event: delivery.event, time: formatDateTime(delivery.createdAt, language) });
  return (
    <div id={`response-${delivery.id}`} role="group" aria-label={title}>
      <dl className="facts">
        <dt>{t('integrations:webhooks.statusCode')}</dt>
        <dd>{delivery.statusCode ?? t('integrations:webhooks.noStatus')}</dd>
        <dt>{t('integrations:webhooks.contentType')}</dt>
        <dd className="break">{response.contentType ?? t('integrations:webhooks.noContentType')}</dd>
      </dl>
      {response.binary || response.body === null ? (
        <p>{t('integrations:webhooks.binaryBody')}</p>
      ) : response.body === '' ? (
        <p>{t('integrations:webhooks.emptyBody')}</p>
      ) : (
        // Focusable so that a long answer scrolls by keyboard.
        <div className="response-body" role="region" aria-label={t('integrations:webhooks.responseBody')} tabIndex={0}>
          <pre>{response.body}</pre>
        </div>
      )}
      {response.truncated && <p className="hint">{t('integrations:webhooks.truncated', { bytes: new Intl.NumberFormat(language).format(EXCERPT_BYTES) })}</p>}
    </div>
  );
}
