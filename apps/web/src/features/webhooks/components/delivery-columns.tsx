import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@partner-portal/shared/webhooks';
import type { DataTableColumn } from '@/components/ui/data-table';
import { formatCell } from '@/components/ui/data-table-model';
import { DeliveryStatusCell } from './delivery-status-cell';

/** How a delivery is named to screen readers: its event and when it was made. */
export function deliveryLabel(t: TFunction, delivery: WebhookDelivery): string {
  return t('webhooks.deliveries.row', {
    type: delivery.type,
    time: formatCell(delivery.created_at, 'datetime'),
  });
}

/**
 * An endpoint's deliveries. When it happened names the row and its status (with the Resend
 * button) never gives way; the event next, then what the receiver answered; when the next try
 * is, duration and attempts go first as the panel narrows (it sits inside a card), and a
 * phone's cards show them all.
 */
export function useDeliveryColumns(endpointId: string): DataTableColumn<WebhookDelivery>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const none = <span className="text-muted-foreground">{t('webhooks.deliveries.none')}</span>;
    return [
      {
        key: 'created_at',
        header: t('webhooks.deliveries.columns.time'),
        priority: 1,
        kind: 'datetime',
        accessor: (delivery) => delivery.created_at,
      },
      {
        key: 'type',
        header: t('webhooks.deliveries.columns.type'),
        priority: 2,
        accessor: (delivery) => delivery.type,
        cell: (delivery) => <code className="font-mono text-xs">{delivery.type}</code>,
      },
      {
        key: 'status',
        header: t('webhooks.deliveries.columns.status'),
        priority: 1,
        accessor: (delivery) => delivery.status,
        cell: (delivery) => (
          <DeliveryStatusCell
            endpointId={endpointId}
            delivery={delivery}
            rowLabel={deliveryLabel(t, delivery)}
          />
        ),
      },
      {
        key: 'response',
        header: t('webhooks.deliveries.columns.response'),
        priority: 3,
        accessor: (delivery) => delivery.response_status ?? delivery.error,
        cell: (delivery) =>
          delivery.response_status !== null ? (
            <code className="font-mono text-xs">{delivery.response_status}</code>
          ) : delivery.error ? (
            <span className="block max-w-64 text-xs whitespace-normal text-muted-foreground [overflow-wrap:anywhere]">
              {delivery.error}
            </span>
          ) : (
            none
          ),
      },
      {
        key: 'duration',
        header: t('webhooks.deliveries.columns.duration'),
        priority: 5,
        kind: 'number',
        accessor: (delivery) => delivery.duration_ms,
        cell: (delivery) =>
          delivery.duration_ms !== null
            ? t('webhooks.deliveries.duration', {
                duration: formatCell(delivery.duration_ms, 'number'),
              })
            : none,
      },
      {
        key: 'attempts',
        header: t('webhooks.deliveries.columns.attempts'),
        priority: 5,
        kind: 'number',
        accessor: (delivery) => delivery.attempts,
      },
      {
        key: 'next_attempt_at',
        header: t('webhooks.deliveries.columns.next_attempt'),
        priority: 5,
        kind: 'datetime',
        accessor: (delivery) => delivery.next_attempt_at,
        cell: (delivery) =>
          delivery.next_attempt_at ? formatCell(delivery.next_attempt_at, 'datetime') : none,
      },
    ] satisfies DataTableColumn<WebhookDelivery>[];
  }, [t, endpointId]);
}
